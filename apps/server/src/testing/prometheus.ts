/** One sample of a Prometheus text exposition. */
export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

const SAMPLE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{(.*)\})? (-?(?:[0-9.eE+-]+|[Nn]a[Nn]|\+Inf|-Inf))( -?\d+)?$/;
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"(?:,|$)/g;

/**
 * Parses the Prometheus text format (version 0.0.4) strictly: every line is a
 * `# HELP` / `# TYPE` comment or a sample, every sample's family is typed.
 * Throws on the first line that is neither.
 */
export function parsePrometheus(text: string): Sample[] {
  const typed = new Map<string, string>();
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (line === '') continue;
    const comment = /^# (HELP|TYPE) ([a-zA-Z_:][a-zA-Z0-9_:]*) (.*)$/.exec(line);
    if (comment) {
      if (comment[1] === 'TYPE') {
        if (!/^(counter|gauge|histogram|summary|untyped)$/.test(comment[3] ?? ''))
          throw new Error(`bad TYPE line: ${line}`);
        typed.set(comment[2] ?? '', comment[3] ?? '');
      }
      continue;
    }
    const match = SAMPLE.exec(line);
    if (!match) throw new Error(`not a Prometheus line: ${line}`);
    const name = match[1] ?? '';
    const family = [...typed.keys()].find(
      (f) => name === f || ['_bucket', '_sum', '_count', '_total', '_created'].some((s) => name === f + s),
    );
    if (!family) throw new Error(`sample of an untyped family: ${line}`);
    const labels: Record<string, string> = {};
    const rawLabels = match[3] ?? '';
    let consumed = 0;
    for (const label of rawLabels.matchAll(LABEL)) {
      labels[label[1] ?? ''] = (label[2] ?? '').replace(/\\(.)/g, (_, c: string) => (c === 'n' ? '\n' : c));
      consumed += label[0].length;
    }
    if (consumed !== rawLabels.length) throw new Error(`bad labels: ${line}`);
    samples.push({ name, labels, value: Number(match[4]) });
  }
  return samples;
}

/** The sum of the samples named `name` whose labels include `labels`. */
export function sumOf(samples: Sample[], name: string, labels: Record<string, string> = {}): number {
  return samples
    .filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))
    .reduce((total, s) => total + s.value, 0);
}
