// Progress on a terminal as a bar; elsewhere (CI, pipes) as a few plain lines.
import cliProgress from "cli-progress";

export interface Progress {
  update(done: number, total: number): void;
  stop(): void;
}

export function createProgress(label: string, stream: NodeJS.WriteStream = process.stderr): Progress {
  if (stream.isTTY) {
    const bar = new cliProgress.SingleBar(
      { format: `${label} [{bar}] {value}/{total}`, stream, hideCursor: true, clearOnComplete: true },
      cliProgress.Presets.shades_classic,
    );
    let started = false;
    return {
      update(done, total) {
        if (!started) {
          bar.start(total, 0);
          started = true;
        }
        bar.update(done);
      },
      stop: () => started && bar.stop(),
    };
  }
  let nextReport = 0;
  return {
    update(done, total) {
      // A line at every quarter keeps logs short but shows the run is alive.
      if (done >= nextReport || done === total) {
        stream.write(`${label}: ${done}/${total}\n`);
        nextReport = done + Math.ceil(total / 4);
      }
    },
    stop: () => undefined,
  };
}
