/**
 * The ports the Fetch standard blocks ("bad ports": other protocols' well-known ports), which
 * browsers and Node's fetch refuse to connect to whatever listens there. An explorer, emulator
 * or data service on one of them starts, then every call to it fails as if it were down.
 */
const BAD_PORTS = new Set([
  1, 7, 9, 11, 13, 15, 17, 19, 20, 21, 22, 23, 25, 37, 42, 43, 53, 69, 77, 79, 87, 95, 101, 102,
  103, 104, 109, 110, 111, 113, 115, 117, 119, 123, 135, 137, 139, 143, 161, 179, 389, 427, 465,
  512, 513, 514, 515, 526, 530, 531, 532, 540, 548, 554, 556, 563, 587, 601, 636, 989, 990, 993,
  995, 1719, 1720, 1723, 2049, 3659, 4045, 4190, 5060, 5061, 6000, 6566, 6665, 6666, 6667, 6668,
  6669, 6679, 6697, 10080,
]);

const WHY = `a port browsers and Node's fetch refuse to connect to (a "bad port" of the Fetch standard): choose another`;

/** Why a port cannot be used, said after the setting's name; undefined when it can. */
export function refusedPort(port: number): string | undefined {
  return BAD_PORTS.has(port) ? `${port} is ${WHY}` : undefined;
}

/** The same for a URL's port (its scheme's default when it names none). */
export function refusedUrlPort(url: string): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return undefined;
  }
  const port = parsed.port === '' ? (parsed.protocol === 'https:' ? 443 : 80) : Number(parsed.port);
  return BAD_PORTS.has(port) ? `names port ${port}, ${WHY}` : undefined;
}
