/**
 * Renders the field tree. Each leaf's control subscribes to its own value
 * (useWatch, exact name), so a keystroke re-renders that one control; a field with
 * `x-visibleIf` also watches (useWatch) only the paths its condition reads.
 * Every component here is memoised on (node, base), which never change while
 * the form lives.
 */
import { memo, startTransition, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { get, useFormState, useWatch, type FieldError } from 'react-hook-form';
import { MatrixContext, ReadOnlyContext, useFormEnv } from './context';
import { fieldId, formatDisplay } from '../../engine/form/display';
import { join, type FieldNode } from '../../engine/form/schema-model';
import { resolveWidget } from './registry';
import { FormRow } from './FormRow';
import { afterPaint, inFirstFrame } from './first-rows';
import { initialValues } from '../../engine/form/values';
import type { ListProps, SectionProps, WidgetProps } from './types';

/** Widgets whose control needs the row's full width under the label (a rating's 0–10 buttons). */
const VERTICAL = new Set(['textarea', 'checkboxes', 'signature', 'rating']);

/**
 * The label column holds 5.6 em on a 320 px phone (form.css): a longer label
 * (a question, not a field name) goes above its control, so that it reads
 * whole instead of breaking inside a word (常感到疲/惫). A Han or full-width
 * character is 1 em, anything else about half.
 */
const LABEL_COLUMN_EM = 5.5;
function labelFitsColumn(label: string): boolean {
  let em = 0;
  for (const ch of label) em += /[\u2e80-\u9fff\uf900-\ufaff\uff00-\uffef]/.test(ch) ? 1 : 0.55;
  return em <= LABEL_COLUMN_EM;
}

/** One level of rows; while a long form mounts, only its first frame's rows until that frame is painted (first-rows.ts). */
export const Fields = memo(function Fields({ nodes, base }: { nodes: FieldNode[]; base: string }) {
  const env = useFormEnv();
  const [first] = useState(() => (env.firstFrame.painted ? nodes : nodes.filter((n) => inFirstFrame(env.root, n))));
  const [all, setAll] = useState(first.length === nodes.length);
  useEffect(() => (all ? undefined : afterPaint(() => startTransition(() => setAll(true)))), [all]);
  const shown = all ? nodes : first;
  return (
    <>
      {shown.map((n) =>
        n.visibleIf ? (
          <VisibleIf key={n.name} node={n} base={base} />
        ) : (
          <Field key={n.name} node={n} base={base} />
        ),
      )}
      {/* The rows still to come hold a screen's height: what is below the form (its buttons) stays below the
          screen until they are drawn, instead of showing under the first rows and jumping away (a layout shift). */}
      {all ? null : <div className="cf-rows-later" aria-hidden="true" />}
    </>
  );
});

/** Mounts the field only while its condition holds; re-renders only when a path it reads changes. */
const VisibleIf = memo(function VisibleIf({ node, base }: { node: FieldNode; base: string }) {
  const env = useFormEnv();
  const deps = node.visibleDeps;
  useWatch({ control: env.control, name: (deps?.length ? deps : undefined) as never, disabled: deps?.length === 0 });
  return env.isVisible(node.visibleIf!) ? <Field node={node} base={base} /> : null;
});

const Field = memo(function Field({ node, base }: { node: FieldNode; base: string }) {
  const path = join(base, node.name);
  if (node.children) return <Section node={node} path={path} />;
  if (node.item || node.each) return <List node={node} path={path} />;
  return <Leaf node={node} path={path} />;
});

function Section({ node, path }: { node: FieldNode; path: string }) {
  const env = useFormEnv();
  const readOnly = useContext(ReadOnlyContext);
  const Widget = resolveWidget(env.registry, node.widget, node.type) as React.ComponentType<SectionProps>;
  return (
    <Widget node={node} path={path} readOnly={readOnly}>
      <Fields nodes={node.children!} base={path} />
    </Widget>
  );
}

function List({ node, path }: { node: FieldNode; path: string }) {
  const env = useFormEnv();
  const readOnly = useContext(ReadOnlyContext);
  const Widget = resolveWidget(env.registry, node.widget, node.type) as React.ComponentType<ListProps>;
  const entry = useMemo<FieldNode>(() => node.each ?? { ...node, children: node.item, item: undefined }, [node]);
  const renderEntry = useMemo(() => {
    if (!node.each) return (b: string) => <Fields nodes={node.item!} base={b} />;
    // A list of single values: one row per entry, labelled 药名 1, 药名 2…, its delete button in the row.
    const each = node.each;
    const byIndex = new Map<number, FieldNode>();
    return (b: string, i: number, extra?: ReactNode) => {
      let n = byIndex.get(i);
      if (!n) byIndex.set(i, (n = { ...each, label: `${each.label} ${i + 1}` }));
      return <Leaf node={n} path={b} extra={extra} />;
    };
  }, [node]);
  const newEntry = useMemo(() => () => (node.each ? mergeEntry(entry) : initialValues(entry, undefined)), [node, entry]);
  return <Widget node={node} path={path} readOnly={readOnly} renderEntry={renderEntry} newEntry={newEntry} />;
}

/** A new single-value entry: the item's default, else empty. */
function mergeEntry(each: FieldNode): unknown {
  return each.schema.default !== undefined ? structuredClone(each.schema.default) : undefined;
}

/**
 * A leaf is two components: the row (label, required mark, error) re-renders
 * only when its error changes; the control inside re-renders on its value.
 * A keystroke therefore renders one control, not the row around it.
 */
function Leaf({ node, path, extra }: { node: FieldNode; path: string; extra?: ReactNode }) {
  const env = useFormEnv();
  // A `readOnly` field (or a fixed `const`) reads like view mode, whatever the form's mode.
  const readOnly = useContext(ReadOnlyContext) || !!node.readOnly;
  const { errors } = useFormState({ control: env.control, name: path, exact: true });
  const error = (get(errors, path) as FieldError | undefined)?.message;
  useLabelledControl(fieldId(env.formId, path), readOnly);
  const requiredNow = useRequiredNow(node);
  // A row of a grid (matrix) takes the grid's row and cells; everything else about it is this same field.
  const matrix = useContext(MatrixContext);
  const Row = matrix ? matrix.Row : FormRow;
  return (
    <Row
      label={node.label}
      required={!readOnly && (node.required || requiredNow)}
      layout={VERTICAL.has(node.widget) || !labelFitsColumn(node.label) ? 'vertical' : 'horizontal'}
      description={node.description}
      extra={extra}
      error={error}
      data-path={path}
    >
      <LeafControl node={node} path={path} readOnly={readOnly} />
    </Row>
  );
}

/**
 * An `x-requiredIf` field's mark follows its condition: it watches only the
 * paths the condition reads (none, and nothing re-renders, without one).
 */
function useRequiredNow(node: FieldNode): boolean {
  const env = useFormEnv();
  const deps = node.requiredDeps;
  useWatch({ control: env.control, name: (deps?.length ? deps : undefined) as never, disabled: !node.requiredIf || deps?.length === 0 });
  return !!node.requiredIf && env.isVisible(node.requiredIf);
}

/**
 * The row's label names its control: a text box gets `for`, and a picker,
 * signature or choice group (role button / group / radiogroup) is labelled by it
 * (a button keeps its own text after the label: 文化程度 初中).
 */
function useLabelledControl(id: string, readOnly: boolean): void {
  useEffect(() => {
    if (readOnly) return;
    const el = document.getElementById(id);
    const label = el?.closest('.adm-form-item')?.querySelector<HTMLLabelElement>('label.adm-form-item-label');
    if (!el || !label) return;
    if (/^(INPUT|TEXTAREA|SELECT)$/.test(el.tagName)) {
      label.htmlFor = id;
      return;
    }
    const role = el.getAttribute('role');
    if (!role) return;
    label.id = `${id}-label`;
    el.setAttribute('aria-labelledby', role === 'button' ? `${id}-label ${id}` : `${id}-label`);
  }, [id, readOnly]);
}

const LeafControl = memo(function LeafControl({ node, path, readOnly }: { node: FieldNode; path: string; readOnly: boolean }) {
  const env = useFormEnv();
  const value = useWatch({ control: env.control, name: path, exact: true });
  const onChange = useMemo(() => (v: unknown) => env.setValue(path, v), [env, path]);
  const id = fieldId(env.formId, path);
  // In a grid (a matrix section) the row's cells draw the choice.
  const cells = useContext(MatrixContext)?.Cells;
  if (readOnly) {
    if (node.widget === 'signature') {
      return value ? <img id={id} className="cf-signature-img" src={value as string} alt={node.label} /> : null;
    }
    return (
      <span id={id} className="cf-display">
        {formatDisplay(node, value)}
      </span>
    );
  }
  const Widget = (cells ?? resolveWidget(env.registry, node.widget, node.type)) as React.ComponentType<WidgetProps>;
  return <Widget id={id} node={node} path={path} value={value} onChange={onChange} env={env} />;
});
