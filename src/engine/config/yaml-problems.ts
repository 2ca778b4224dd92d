/**
 * What is wrong with a YAML file, in the admin's words, at an offset in the
 * text. Two kinds: the parser's own errors and warnings (by code), and what
 * the parser accepts but would crash the loader (`doc.toJS()` throws on an
 * undefined alias, loops on an alias inside its own anchor) or silently mean
 * something else than written (a merge key read as a key named "<<", a list
 * item glued onto the one above, `%YAML 1.1` turning the `on:` key into
 * true). Pure (no Node built-ins): the studio checks in the browser too.
 */
import { isAlias, isCollection, isScalar, visit, Scalar, type Document, type Node as YNode } from 'yaml';
import { suggest } from './suggest';

export interface YamlProblem {
  offset: number;
  reason: string;
}

function firstLine(msg: string): string {
  return msg.split('\n')[0].replace(/ at line \d+, column \d+:?$/, '');
}

/** The token a parser message quotes (`… token in YAML stream: "]"`). */
const quotedToken = (m: string) => /: "(.+)"$/.exec(m)?.[1];

/**
 * Every parser error and warning code, said as the admin would fix it; an
 * unknown future code gets a general sentence (never the parser's English).
 */
export function yamlReason(e: { code: string; message: string }): string {
  const m = firstLine(e.message);
  switch (e.code) {
    case 'DUPLICATE_KEY':
      return '同一层有两个相同的键（删掉或改名其中一个）';
    case 'TAB_AS_INDENT':
      return '不能用 Tab 键缩进，请用空格';
    case 'MISSING_CHAR':
      if (/quote/.test(m)) return '引号没有配对：少了结尾的引号';
      if (/map values/.test(m)) return '这一行少了冒号：应该写成 "键: 值"';
      return '括号没有配对：少了结尾的 ] 或 }';
    case 'BAD_INDENT':
      return /^Flow (sequence|mapping)|^Flow map|^Flow seq/.test(m) ? '方括号 [ ] 或花括号 { } 没有配对' : '缩进不对：同一层的内容要对齐（用空格，每深一层多两个空格）';
    case 'MULTILINE_IMPLICIT_KEY':
      return '这一行不是 "键: 值" 的样子：可能少了冒号、冒号后面少了空格，或者缩进不对';
    case 'BLOCK_AS_IMPLICIT_KEY':
      return '一行里出现了两个 "键: 值"：值里有冒号时要用引号括起来，或者检查缩进';
    case 'BLOCK_IN_FLOW':
      return '花括号 { } 或方括号 [ ] 里的各项要用逗号隔开';
    case 'MULTIPLE_DOCS':
      return '一个文件里只能有一份内容（不要写 --- 或 ...）';
    case 'BAD_DQ_ESCAPE':
      return '双引号里的反斜杠 \\ 用法不对（要写反斜杠本身请写 \\\\，或改用单引号）';
    case 'ALIAS_PROPS':
      return '别名（*名字）前面不能再加锚点（&）或标签（!）';
    case 'BAD_ALIAS':
      return '"*" 或 "&" 后面要紧跟名字（别名或锚点不能没有名字）';
    case 'BAD_SCALAR_START':
      return '值不能以 @ 或 ` 开头：请用引号把它括起来';
    case 'MULTIPLE_ANCHORS':
      return '一个值只能有一个锚点（&名字）';
    case 'MULTIPLE_TAGS':
    case 'BAD_PROP_ORDER':
      return '一个值只能有一个标签（!），并且要写在锚点旁边、值的前面';
    case 'KEY_OVER_1024_CHARS':
      return '键太长了（超过 1024 个字符）：可能是这一行少了换行或冒号';
    case 'NON_STRING_KEY':
      return '键要是一个简单的名字，不能是列表或一组键和值';
    case 'RESOURCE_EXHAUSTION':
      return '别名展开后的内容太多（可能是别名一层套一层），请直接写出内容';
    case 'TAG_RESOLVE_FAILED':
    case 'BAD_COLLECTION_TYPE':
      return '标签（!…）和后面的内容对不上，请去掉标签';
    case 'BAD_DIRECTIVE':
      return '不认识以 % 开头的这一行：配置文件不需要指令，请删掉它';
    case 'UNEXPECTED_TOKEN': {
      const t = quotedToken(m);
      return t ? `这里多了 "${t}"：可能是括号、冒号或缩进不对` : '这里有多余的内容：可能是括号、冒号或缩进不对';
    }
    default:
      return '这里写得不对，YAML 读不懂（检查缩进、冒号、括号和引号）';
  }
}

/** The YAML types a value may be tagged with (`!!str 12` keeps 12 as text); any other tag is refused. */
const PLAIN_TAGS = ['str', 'int', 'float', 'bool', 'null', 'map', 'seq'].map((t) => `tag:yaml.org,2002:${t}`);

/**
 * What parses but cannot be loaded as written: aliases (undefined, before
 * their anchor, inside it), anchors defined twice, merge keys, keys that are
 * not plain names, tags, directives, a list item glued onto the one above.
 * In document order.
 */
export function yamlStructureProblems(doc: Document, text: string): YamlProblem[] {
  const out: YamlProblem[] = [];
  const lineOf = (offset: number) => text.slice(0, offset).split('\n').length;
  const directive = /^%(YAML|TAG)\b/m.exec(text);
  if (directive && (doc.directives?.yaml.explicit || Object.keys(doc.directives?.tags ?? {}).some((h) => h !== '!!'))) {
    out.push({ offset: directive.index, reason: '不要写 "%YAML"、"%TAG" 这样的指令：配置文件一律按 YAML 1.2 读取' });
  }
  // Where a node's anchor (`&name`) or tag is written: just before the node.
  const propAt = (node: YNode, prop: string) => {
    const start = node.range?.[0] ?? 0;
    const i = text.lastIndexOf(prop, start);
    return i >= 0 ? i : start;
  };
  const anchors = new Map<string, YNode[]>();
  visit(doc, {
    Node(_k, node) {
      if (!isAlias(node) && node.anchor) anchors.set(node.anchor, [...(anchors.get(node.anchor) ?? []), node]);
    },
  });
  const defined = new Map<string, YNode>();
  visit(doc, {
    Pair(_k, pair) {
      const key = pair.key as YNode | null;
      if (isAlias(key)) out.push({ offset: key.range?.[0] ?? 0, reason: `键不能写成别名（"*${key.source}"），请直接写出键名` });
      else if (isCollection(key)) out.push({ offset: key.range?.[0] ?? 0, reason: '键要是一个简单的名字，不能是列表或一组键和值' });
      else if (isScalar(key) && key.value === '<<' && key.type === Scalar.PLAIN) {
        const v = pair.value as YNode | null;
        const example = isAlias(v) ? `*${v.source}` : '*名字';
        out.push({ offset: key.range?.[0] ?? 0, reason: `不支持 YAML 合并键 "<<"：请用别名（如 ${example}）引用整段内容，或者把内容完整写出来` });
      }
    },
    Node(_k, node, path) {
      if (isAlias(node)) {
        const name = node.source;
        const at = node.range?.[0] ?? 0;
        const target = defined.get(name);
        const all = anchors.get(name) ?? [];
        if (!target && all.length) {
          out.push({ offset: at, reason: `别名 "*${name}" 写在了锚点 "&${name}"（第 ${lineOf(propAt(all[0], `&${name}`))} 行）的前面：要先写锚点，后面的别名才能引用它` });
        } else if (!target) {
          out.push({ offset: at, reason: `别名 "*${name}" 找不到对应的锚点 "&${name}"${suggest(name, defined.keys())}：别名只能引用本文件里写在它前面的锚点` });
        } else if (path.includes(target)) {
          out.push({ offset: at, reason: `别名 "*${name}" 写在锚点 "&${name}"（第 ${lineOf(propAt(target, `&${name}`))} 行）自己的内容里，展开时会无限循环` });
        }
        return;
      }
      if (node.anchor) {
        const first = defined.get(node.anchor) ?? anchors.get(node.anchor)?.[0];
        if (first && first !== node) {
          const where = lineOf(propAt(first, `&${node.anchor}`));
          out.push({ offset: propAt(node, `&${node.anchor}`), reason: `锚点 "&${node.anchor}" 定义了两次（另一处在第 ${where} 行）：后面的别名引用哪一个容易弄错，请给其中一个改名` });
        }
        defined.set(node.anchor, node);
      }
      if (node.tag && !PLAIN_TAGS.includes(node.tag)) {
        let bang = propAt(node, '!');
        while (bang > 0 && text[bang - 1] === '!') bang--;
        const written = /^![^\s]*/.exec(text.slice(bang))?.[0] ?? node.tag;
        out.push({ offset: bang, reason: `不支持标签 "${written}"：请去掉它（要写文字就用引号括起来）` });
      }
      if (isScalar(node) && node.type === Scalar.PLAIN && node.range) {
        // A plain value running over several lines whose next line starts with "- ":
        // an item indented one space off, read as words of the item above.
        const m = /\n[ \t]*(- )/.exec(text.slice(node.range[0], node.range[1]));
        if (m) out.push({ offset: node.range[0] + m.index + m[0].length - 2, reason: '缩进不对：这一行的 "- " 没有和上面的列表项对齐，被当成了上一项文字的一部分' });
      }
    },
  });
  return out;
}

/** What doc.toJS() threw, in words (an alias bomb; anything else the library may throw). */
export function yamlLoadReason(e: unknown): string {
  const m = e instanceof Error ? e.message : String(e);
  if (/Excessive alias count/.test(m)) return '别名展开后的内容太多（可能是别名一层套一层），请直接写出内容';
  if (/Unresolved alias/.test(m)) return '有别名（*名字）找不到对应的锚点（&名字）';
  return '这个文件读不出来：请检查别名（*名字）、锚点（&名字）和标签（!）的写法';
}
