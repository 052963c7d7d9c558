import os from 'node:os';

/**
 * Times each kind of run over the same inputs, round after round with the kinds alternating, so
 * a shared machine's drift hits all alike; then prints the median per input of each kind, with
 * every round and the load average. `warm` inputs run once per kind first, untimed.
 */
export async function printAlternatingRounds<T>(
  label: string,
  kinds: Record<string, (input: T) => Promise<void>>,
  inputs: readonly T[],
  options: { rounds: number; warm: number },
): Promise<void> {
  for (const input of inputs.slice(0, options.warm)) for (const run of Object.values(kinds)) await run(input);
  const times = new Map<string, number[]>(Object.keys(kinds).map((name) => [name, []]));
  for (let round = 0; round < options.rounds; round++) {
    for (const [name, run] of Object.entries(kinds)) {
      const started = performance.now();
      for (const input of inputs) await run(input);
      times.get(name)!.push((performance.now() - started) / inputs.length);
    }
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  const width = Math.max(...Object.keys(kinds).map((name) => name.length));
  console.log(
    `${inputs.length} ${label}, ${options.rounds} rounds, load average ${os
      .loadavg()
      .map((load) => load.toFixed(1))
      .join(' ')}`,
  );
  for (const [name, values] of times)
    console.log(
      `${name.padEnd(width)} ${median(values).toFixed(2).padStart(6)} ms each  (rounds: ${values.map((value) => value.toFixed(2)).join(', ')})`,
    );
}
