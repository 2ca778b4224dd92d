/** Open popup forms (the `sheet` action). <SheetHost/> renders them. */
type Listener = () => void;

export interface SheetRequest {
  id: number;
  schemaPath: string;
  title?: string;
  submitText?: string;
  /** Submit as soon as this field gets a value (after validation). */
  submitOnChange?: string;
  initial?: Record<string, unknown>;
  resolve(values: Record<string, unknown> | null): void;
}

let seq = 0;
let current: SheetRequest[] = [];
const listeners = new Set<Listener>();
const emit = () => listeners.forEach((l) => l());

export const sheetStore = {
  list: () => current,
  subscribe(l: Listener) {
    listeners.add(l);
    return () => listeners.delete(l);
  },
  open(req: Omit<SheetRequest, 'id' | 'resolve'>): Promise<Record<string, unknown> | null> {
    return new Promise((resolve) => {
      const id = ++seq;
      current = [
        ...current,
        {
          ...req,
          id,
          resolve: (v) => {
            current = current.filter((r) => r.id !== id);
            emit();
            resolve(v);
          },
        },
      ];
      emit();
    });
  },
  /** Closes every open sheet as cancelled (route change). */
  closeAll() {
    for (const r of current) r.resolve(null);
  },
};
