// Plain JavaScript on purpose: worker threads do not inherit TypeScript loaders (tsx, vitest).
import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { hashSync, verifySync } from '@node-rs/argon2';

/*
 * Runs argon2 on this worker thread at a lower scheduling priority (nice 10): when logins keep
 * every core busy, the kernel still gives the event loop, which serves every other request, the
 * CPU first. On Linux a thread's priority is set through its thread id.
 */
try {
  const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
  if (Number.isInteger(tid)) setPriority(tid, 10);
} catch {
  // Not Linux, or not allowed: hashing still works, at normal priority.
}

/** @param {{ op: 'hash', password: string, options: object } | { op: 'verify', hash: string, password: string }} task */
export default function run(task) {
  if (task.op === 'hash') return hashSync(task.password, task.options);
  try {
    return verifySync(task.hash, task.password);
  } catch {
    return false; // a malformed stored hash never lets anyone in
  }
}
