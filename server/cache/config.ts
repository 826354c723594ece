// Reading the caches' and the processes' settings from the environment: a bad value stops the start
// with a message that names the variable, instead of a default the operator did not ask for.

/** A setting that cannot be used; `npm start` prints its message and exits 1. */
export class ConfigError extends Error {}

const UNITS: Record<string, number> = { "": 1, k: 1024, m: 1024 ** 2, g: 1024 ** 3 };

/** A size in bytes: `67108864`, or with a unit, `64m`, `64MB`, `512k`, `1g` (units of 1024). */
export function bytesFromEnv(env: Record<string, string | undefined>, name: string, fallback: number): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  const match = /^(\d+)\s*([kmg]?)i?b?$/i.exec(raw);
  const bytes = match ? Number(match[1]) * UNITS[match[2].toLowerCase()] : NaN;
  if (!(bytes > 0)) throw new ConfigError(`${name} «${raw}» no es un tamaño: escriba bytes (67108864) o con unidad (64m, 512k, 1g)`);
  return bytes;
}

/** A whole number of at least 1 (a count, milliseconds). */
export function positiveIntegerFromEnv(env: Record<string, string | undefined>, name: string, fallback: number): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < 1) throw new ConfigError(`${name} «${raw}» debe ser un número entero mayor que 0`);
  return Number(raw);
}
