/**
 * The shared test setup clears browser storage and cookies after every test. Tests in the
 * node environment have neither, so they get empty stand-ins.
 */
const scope = globalThis as Record<string, unknown>;
scope.localStorage ??= { clear: () => undefined };
scope.document ??= { cookie: "" };

export {};
