// This computer's loopback addresses, where nothing crosses a network: the only hosts the local emulator
// listens on, and the only ones a plain-http service address may name. One definition, so the two can
// never disagree; it is a fixed list, not client code, so the emulator may share it (see eslint.config.mjs).

/** Whether `host` (a hostname, an IPv6 address with or without brackets) is this computer's loopback. */
export function isLoopbackHost(host: string): boolean {
  const bare = host.toLowerCase().replace(/^\[(.*)\]$/, '$1');
  return bare === 'localhost' || bare === '::1' || /^127(?:\.\d{1,3}){3}$/.test(bare);
}
