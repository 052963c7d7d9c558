// Where the shared peer benchmark (run-peers.sh, gen-corpus.mjs, tools/) lives: outside this
// repository, beside the checkout by default.
import path from 'node:path';
import { projectRoot } from '../helpers/content.ts';

/** The peer benchmark's folder: PEER_BENCH_DIR, or `../shared/peer-bench` beside the project. */
export function peerBenchDir(env: NodeJS.ProcessEnv = process.env): string {
  return env.PEER_BENCH_DIR
    ? path.resolve(env.PEER_BENCH_DIR)
    : path.resolve(projectRoot, '..', 'shared', 'peer-bench');
}
