/**
 * The config's files as the admin sees them: grouped (flows, texts, app and
 * questionnaire registry, forms, question banks), with a Chinese name, and the
 * templates a new file starts from. Pure.
 */

import { isConfigPath } from '../engine/config/paths';

export interface FileGroup {
  id: string;
  title: string;
  hint: string;
  files: string[];
}

export function fileGroups(paths: string[]): FileGroup[] {
  const groups: FileGroup[] = [
    { id: 'texts', title: '提示文字', hint: 'flows/messages.yaml：弹窗、提示、服务器答复的文字', files: [] },
    { id: 'app', title: '应用设置与问卷登记', hint: 'flows/app.yaml：首页步骤、登录步骤、会话字段、常量、问卷登记表', files: [] },
    { id: 'flows', title: '流程', hint: 'flows/*.yaml：每个页面（步骤）', files: [] },
    { id: 'forms', title: '表单与问卷', hint: 'schemas/forms/*.json', files: [] },
    { id: 'banks', title: '题库', hint: 'schemas/questionnaires/*.json', files: [] },
    { id: 'other', title: '其他', hint: '', files: [] },
  ];
  const by = Object.fromEntries(groups.map((g) => [g.id, g]));
  for (const p of [...paths].sort()) {
    if (p === 'flows/messages.yaml') by.texts.files.push(p);
    else if (p === 'flows/app.yaml') by.app.files.push(p);
    else if (p.startsWith('flows/')) by.flows.files.push(p);
    else if (p.startsWith('schemas/forms/')) by.forms.files.push(p);
    else if (p.startsWith('schemas/questionnaires/')) by.banks.files.push(p);
    else by.other.files.push(p);
  }
  return groups.filter((g) => g.files.length);
}

export function baseName(p: string): string {
  return p.slice(p.lastIndexOf('/') + 1);
}

/** Where config files are read (the engine's own rule, src/engine/config/paths.ts). */
export function isConfigFilePath(path: string): boolean {
  return isConfigPath(path);
}

/** Why a new file cannot have this path ('' when it can). */
export function newFileProblem(path: string, existing: string[]): string {
  if (!path.trim()) return '请输入文件路径';
  if (existing.includes(path)) return '已有同名文件';
  if (!isConfigFilePath(path)) return '路径不可用：流程文件放在 flows/（.yaml），表单放在 schemas/forms/（.json），题库放在 schemas/questionnaires/（.json）';
  return '';
}

/** What a new file starts with. */
export function templateFor(path: string): string {
  const name = baseName(path).replace(/\.(yaml|json)$/, '');
  if (path.startsWith('flows/')) {
    return `# yaml-language-server: $schema=../schemas/meta/editor/flow.schema.json\nflow: ${name}\ntitle: ${name}\nsteps:\n`;
  }
  if (path.startsWith('schemas/questionnaires/')) return `{\n  "title": "${name}",\n  "sections": []\n}\n`;
  return `{\n  "$schema": "http://json-schema.org/draft-07/schema#",\n  "title": "${name}",\n  "type": "object",\n  "properties": {},\n  "required": []\n}\n`;
}
