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

describe('an answer asked for by several readers at once', () => {
  const building = () => {
    const calls: Array<(value: ReturnType<typeof answer> | undefined) => void> = [];
    const build = () => new Promise<ReturnType<typeof answer> | undefined>((resolve) => calls.push(resolve));
    return { calls, build };
  };

  test('is built once for all who ask under its tag and encoding before it is done, then kept', async () => {
    const kept = new KeptAnswers(100);
    const { calls, build } = building();
    const asked = [kept.shared('"a"', 'br', 50, build), kept.shared('"a"', 'br', 50, build), kept.shared('"a"', 'gzip', 50, build), kept.shared('"b"', 'br', 50, build)];
    expect(calls).toHaveLength(3);
    const built = [answer(10), answer(11), answer(12)];
    calls.forEach((resolve, i) => resolve(built[i]));
    const answers = await Promise.all(asked);
    expect(answers[0]).toBe(built[0]);
    expect(answers[1]).toBe(built[0]);
    expect(answers.slice(2)).toEqual([built[1], built[2]]);
    expect(await kept.shared('"a"', 'br', 50, build)).toBe(built[0]);
    expect(calls).toHaveLength(3);
  });

  test('is built again once its build is over, when it was not kept: too large, not built whole, or failed', async () => {
    const kept = new KeptAnswers(100);
    const { calls, build } = building();
    const large = kept.shared('"a"', 'br', 50, build);
    calls[0](answer(60));
    expect((await large)?.body.length).toBe(60);
    const none = kept.shared('"a"', 'br', 50, build);
    expect(calls).toHaveLength(2);
    calls[1](undefined);
    expect(await none).toBeUndefined();
    const failing = () => Promise.reject(new Error('statement timeout'));
    await expect(Promise.all([kept.shared('"a"', 'br', 50, failing), kept.shared('"a"', 'br', 50, build)])).rejects.toThrow('statement timeout');
    expect(calls).toHaveLength(2);
    void kept.shared('"a"', 'br', 50, build);
    expect(calls).toHaveLength(3);
    expect(kept.size).toBe(0);
  });
});
