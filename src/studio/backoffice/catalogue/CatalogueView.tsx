/**
 * 院区与套餐 (issue 23): the centre's catalogue — branches, packages and their
 * items — edited in the studio under the booking server's own rules
 * (contract/rules/package-rules.ts). What an admin saves is what the phone's next
 * list shows. Every admin reads; 运营 changes (the server refuses the rest).
 */
import { useState } from 'react';
import { BranchesPanel } from './BranchesPanel';
import { ItemsPanel } from './ItemsPanel';
import { PackagesPanel } from './PackagesPanel';
import './catalogue.css';

type Section = 'branches' | 'packages' | 'items';
const SECTIONS: Array<{ section: Section; label: string }> = [
  { section: 'branches', label: '院区' },
  { section: 'packages', label: '套餐' },
  { section: 'items', label: '项目' },
];

export default function CatalogueView() {
  const [section, setSection] = useState<Section>('packages');
  return (
    <div className="bo-catalogue">
      <div className="bo-catalogue-tabs" role="tablist" aria-label="院区与套餐">
        {SECTIONS.map((s) => (
          <button
            key={s.section}
            role="tab"
            id={`bo-catalogue-tab-${s.section}`}
            aria-selected={s.section === section}
            aria-controls="bo-catalogue-body"
            className={`bo-catalogue-tab${s.section === section ? ' bo-catalogue-tab-on' : ''}`}
            onClick={() => setSection(s.section)}
          >
            {s.label}
          </button>
        ))}
      </div>
      <div id="bo-catalogue-body" role="tabpanel" aria-labelledby={`bo-catalogue-tab-${section}`}>
        {section === 'branches' ? <BranchesPanel /> : section === 'packages' ? <PackagesPanel /> : <ItemsPanel />}
      </div>
    </div>
  );
}
