/** A registry's widget by name; an unknown name throws rjsf's message (the form is not drawn half). */
import type { Registry } from './types';

export function resolveWidget(registry: Registry, name: string, type: string): Registry[string] {
  const w = Object.prototype.hasOwnProperty.call(registry, name) ? registry[name] : undefined;
  if (!w) throw new Error(`No widget '${name}' for type '${type}'`);
  return w;
}
