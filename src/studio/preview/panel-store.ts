/** The live preview panel's own state: open or not, where the editor's cursor is, the facts picked. */
import { create } from 'zustand';
import { DEFAULT_FACTS, type PreviewFacts } from './protocol';

export interface PreviewPanelState {
  open: boolean;
  cursor: { file: string; line: number } | null;
  facts: PreviewFacts;
}

export const usePreviewPanel = create<PreviewPanelState>(() => ({ open: false, cursor: null, facts: DEFAULT_FACTS }));

export const previewPanel = {
  toggle: () => usePreviewPanel.setState((s) => ({ open: !s.open })),
  setCursor(file: string, line: number): void {
    const c = usePreviewPanel.getState().cursor;
    if (c?.file !== file || c.line !== line) usePreviewPanel.setState({ cursor: { file, line } });
  },
  setFact: <K extends keyof PreviewFacts>(key: K, value: PreviewFacts[K]) => usePreviewPanel.setState((s) => ({ facts: { ...s.facts, [key]: value } })),
};
