// A bed or server a suite starts in mocha's before hook and closes in its after hook, named once at the
// top of the suite instead of a variable and two hooks in every file. What is returned forwards to the
// one running now: it only starts after the suite is defined, and a per-test one is a new one each test.

interface Closable {
  close(): Promise<void> | void;
}

function startedBy<T extends Closable>(start: () => Promise<T>, perTest: boolean): T {
  let current: T | undefined;
  (perTest ? beforeEach : before)(async () => {
    current = await start();
  });
  (perTest ? afterEach : after)(async () => {
    const started = current;
    current = undefined;
    await started?.close();
  });
  const live = (): T => {
    if (current === undefined) throw new Error('used outside the tests of the suite that starts it');
    return current;
  };
  return new Proxy({} as T, {
    get: (_target, key) => Reflect.get(live(), key),
    set: (_target, key, value) => Reflect.set(live(), key, value),
  });
}

/** Started before the suite's first test, closed after its last. */
export function perSuite<T extends Closable>(start: () => Promise<T>): T {
  return startedBy(start, false);
}

/** Started afresh before each test of the suite, closed after it. */
export function perTest<T extends Closable>(start: () => Promise<T>): T {
  return startedBy(start, true);
}
