import { memo, useMemo } from 'react';
import type { SectionProps } from '../types';
import { matrixColumns } from '../../../engine/form/matrix';
import { useFormEnv } from '../context';
import { resolveWidget } from '../resolve-widget';

/**
 * A nested object: its title (x-label/title) and description over its fields. The root has no title.
 * With `x-options.matrix` its fields are drawn as a grid (MatrixWidget) while editable, when they fit
 * one (engine/form/matrix.ts); view mode reads the answers row by row (docs/decisions-app.md).
 */
export const SectionWidget = memo(function SectionWidget({ node, path, readOnly, children }: SectionProps) {
  const columns = useMemo(() => (node.options.matrix === true && !readOnly ? matrixColumns(node) : null), [node, readOnly]);
  // The grid comes with the choices' chunk (registry.ts loads it for a form with a matrix section).
  const registry = useFormEnv().registry;
  const Matrix = columns ? resolveWidget(registry, 'matrix', 'object') : null;
  return (
    <div className="cf-section" data-path={path}>
      {path && node.label && (
        <div className="adm-list-header cf-section-title">
          {node.label}
          {node.description ? <div className="cf-hint cf-description">{node.description}</div> : null}
        </div>
      )}
      {Matrix ? <Matrix columns={columns}>{children}</Matrix> : children}
    </div>
  );
});
