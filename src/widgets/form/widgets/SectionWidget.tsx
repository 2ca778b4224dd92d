import { memo } from 'react';
import type { SectionProps } from '../types';

/** A nested object: its title (x-label/title) and description over its fields. The root has no title. */
export const SectionWidget = memo(function SectionWidget({ node, path, children }: SectionProps) {
  return (
    <div className="cf-section" data-path={path}>
      {path && node.label && (
        <div className="adm-list-header cf-section-title">
          {node.label}
          {node.description ? <div className="cf-hint cf-description">{node.description}</div> : null}
        </div>
      )}
      {children}
    </div>
  );
});
