import { KeptAnswers } from './kept-answers';

const answer = (bytes: number) => ({ type: 'application/json', body: Buffer.alloc(bytes), encoding: 'br' as const });

describe('kept answers', () => {
  test('are found by tag and encoding alone', () => {
    const kept = new KeptAnswers(100);
    kept.keep('"a"', 'br', answer(10));
    expect(kept.get('"a"', 'br')?.body.length).toBe(10);
    expect(kept.get('"a"', 'gzip')).toBeUndefined();
    expect(kept.get('"b"', 'br')).toBeUndefined();
  });

  test('stay within their bytes, the least recently sent dropped first', () => {
    const kept = new KeptAnswers(100);
    kept.keep('"a"', 'br', answer(40));
    kept.keep('"b"', 'br', answer(40));
    kept.get('"a"', 'br');
    kept.keep('"c"', 'br', answer(40));
    expect([kept.get('"a"', 'br'), kept.get('"b"', 'br'), kept.get('"c"', 'br')].map(Boolean)).toEqual([true, false, true]);
    expect(kept.size).toBe(80);
    kept.keep('"c"', 'br', answer(50));
    expect(kept.size).toBe(90);
  });

  test('never keep an answer larger than all their bytes', () => {
    const kept = new KeptAnswers(100);
    kept.keep('"a"', 'br', answer(60));
    kept.keep('"big"', 'br', answer(101));
    expect([kept.get('"big"', 'br'), kept.size]).toEqual([undefined, 60]);
  });
});
