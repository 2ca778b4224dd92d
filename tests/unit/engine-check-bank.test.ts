/**
 * The question bank's exclusive options (以上都没有 / 无) are declared per option and
 * checked: a non-boolean, an exclusive option on a question that is not multiple choice,
 * or a question whose every option is exclusive is refused with file:line and a reason.
 */
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkConfig } from '../../src/engine/config/check';
import { applyExclusive } from '../../src/widgets/screens/question-flow/exclusive';

const REPO = join(import.meta.dirname, '../..');
const BANK = 'schemas/questionnaires/self-assessment.json';

describe('question bank: exclusive options', () => {
  it("the repository's bank passes", async () => {
    const { errors } = await checkConfig(REPO);
    expect(errors.filter((e) => e.file === BANK)).toEqual([]);
  });

  it('a wrong declaration is refused at its line', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cf-bank-'));
    cpSync(join(REPO, 'flows'), join(dir, 'flows'), { recursive: true });
    cpSync(join(REPO, 'schemas'), join(dir, 'schemas'), { recursive: true });
    const bank = JSON.parse(readFileSync(join(REPO, BANK), 'utf8'));
    const questions = bank.sections.flatMap((s: { questions: unknown[] }) => s.questions) as Array<{ type: number; answers?: Array<Record<string, unknown>> }>;
    const multi = questions.find((q) => q.type === 2)!;
    const single = questions.find((q) => q.type === 1 && q.answers?.length)!;
    multi.answers![0].exclusive = 'yes';
    single.answers![0].exclusive = true;
    writeFileSync(join(dir, BANK), JSON.stringify(bank, null, 2));
    const { errors } = await checkConfig(dir);
    const mine = errors.filter((e) => e.file === BANK);
    expect(mine.map((e) => e.message)).toEqual([
      expect.stringContaining('的 "answers" 第 1 项的 "exclusive"：应该是 true 或 false，现在写的是 "yes"'),
      expect.stringContaining('只有多选题（type 2）的选项才能设为排他（"exclusive"）'),
    ]);
    for (const e of mine) expect(e.line).toBeGreaterThan(1);
  });

  it('choosing an exclusive option clears the others, and any other clears it', () => {
    const options = [{ ans: '高血压' }, { ans: '糖尿病' }, { ans: '以上都没有', exclusive: true }];
    expect(applyExclusive(['高血压'], ['高血压', '糖尿病'], options)).toEqual(['高血压', '糖尿病']);
    expect(applyExclusive(['高血压', '糖尿病'], ['高血压', '糖尿病', '以上都没有'], options)).toEqual(['以上都没有']);
    expect(applyExclusive(['以上都没有'], ['以上都没有', '高血压'], options)).toEqual(['高血压']);
    expect(applyExclusive(['高血压'], [], options)).toEqual([]);
  });
});
