import { describe, expect, it } from 'vitest';
import { normalizeEntries, saveResumeBody, splitList } from './resumes.schema';

const entry = (detail: string, rest: Partial<Record<'title' | 'place' | 'period', string>> = {}) => ({ title: '', place: '', period: '', detail, ...rest });

describe('resume fields', () => {
  it('read education and experience in every shape they were saved in', () => {
    expect(normalizeEntries('Ten years at sea.')).toEqual([entry('Ten years at sea.')]);
    expect(normalizeEntries([{ detail: 'BSc, UWI' }])).toEqual([entry('BSc, UWI')]);
    expect(normalizeEntries(['A', ' ', { title: ' Chef ', detail: '' }, null, 42])).toEqual([entry('A'), entry('', { title: 'Chef' })]);
    expect(normalizeEntries(null)).toEqual([]);
    expect(normalizeEntries({ detail: 'not a list' })).toEqual([]);
  });

  it('split skills and certifications on commas, trimmed, empty items dropped', () => {
    expect(splitList(' a, b ,, ,c,')).toEqual(['a', 'b', 'c']);
    expect(splitList(['x, y', ' ', 'z'])).toEqual(['x', 'y', 'z']);
    expect(splitList(undefined)).toEqual([]);
  });

  it('fill defaults and drop unknown keys such as a forged user_id', () => {
    const parsed = saveResumeBody.parse({ user_id: 'someone-else', fullName: '  Région  ', skills: 'a,,b' });
    expect(parsed).toEqual({
      fullName: 'Région',
      phone: '',
      email: '',
      summary: '',
      education: [],
      experience: [],
      skills: ['a', 'b'],
      certifications: [],
      removeFile: false,
    });
  });
});
