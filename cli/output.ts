// How the CLI writes to a terminal: colour only where it is wanted (a terminal, and neither
// NO_COLOR set to a value nor --no-color: no-color.org leaves an empty NO_COLOR meaning nothing),
// and a progress line that rewrites itself on a terminal and is left out of logs.

let colour = Boolean(process.stdout.isTTY) && !process.env.NO_COLOR;

/** Turns colour off (`--no-color`). */
export function disableColour(): void {
  colour = false;
}

const paint = (code: number) => (text: string) => (colour ? `\u001b[${code}m${text}\u001b[0m` : text);
export const green = paint(32);
export const red = paint(31);
export const yellow = paint(33);
export const dim = paint(2);

/** A line on the terminal that each update replaces; nothing when standard error is not a terminal. */
export class ProgressLine {
  private shown = false;
  private last = 0;

  constructor(private readonly stream: NodeJS.WriteStream = process.stderr) {}

  get active(): boolean {
    return Boolean(this.stream.isTTY);
  }

  /** Shows `text`, at most every 80 ms unless `force`. */
  update(text: string, force = false): void {
    if (!this.active) return;
    const now = Date.now();
    if (!force && now - this.last < 80) return;
    this.last = now;
    // A terminal of unknown size (a pseudo-terminal nobody sized) reports 0 columns.
    const width = Math.max(20, (this.stream.columns || 80) - 1);
    this.stream.write(`\r\u001b[K${text.length > width ? `${text.slice(0, width - 1)}…` : text}`);
    this.shown = true;
  }

  /** Clears the line, before other output. */
  clear(): void {
    if (this.shown) this.stream.write('\r\u001b[K');
    this.shown = false;
  }
}
