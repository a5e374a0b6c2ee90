import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { ENV_NAMES } from './env.ts';

// The deployment recipe (Dockerfile, compose.yaml) cannot be built here (no
// docker engine, no base images), so it is checked by reading it: its steps are
// the ones .ci/run runs, its variables the ones env.ts reads, every one of them
// documented in docs/operations.md.

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');

interface Instruction {
  op: string;
  args: string;
}

/** Dockerfile instructions, continuation lines joined, comments dropped. */
function instructions(text: string): Instruction[] {
  return text
    .replace(/\\\n\s*/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const [op = '', ...rest] = line.split(/\s+/);
      return { op: op.toUpperCase(), args: rest.join(' ') };
    });
}

/** The stages: each FROM and the instructions up to the next. */
function stages(all: Instruction[]): Instruction[][] {
  const out: Instruction[][] = [];
  for (const instruction of all) {
    if (instruction.op === 'FROM') out.push([]);
    out.at(-1)?.push(instruction);
  }
  return out;
}

describe('Dockerfile', () => {
  const all = instructions(read('Dockerfile'));
  const [build = [], runtime = []] = stages(all);
  const ciCommands = read('.ci/run')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line.startsWith('npm '));

  it('has a build stage and a runtime stage, both Node 20 on Debian slim', () => {
    expect(stages(all)).toHaveLength(2);
    for (const stage of stages(all)) expect(stage[0]?.args).toMatch(/^node:20-(bookworm|trixie)-slim\b/);
    expect(build[0]?.args).toMatch(/ AS build$/i);
  });

  it('builds with the commands .ci/run runs, in its order', () => {
    const runs = build.filter((i) => i.op === 'RUN').map((i) => i.args);
    expect(runs).toEqual(['npm ci', 'npm run build', 'npm ci --omit=dev']);
    for (const command of runs) expect(ciCommands).toContain(command);
    expect(ciCommands.indexOf('npm run build')).toBeLessThan(ciCommands.indexOf('npm ci --omit=dev'));
  });

  it('copies every workspace manifest before npm ci', () => {
    const workspaces = (JSON.parse(read('package.json')) as { workspaces: string[] }).workspaces;
    const copied = build
      .slice(
        0,
        build.findIndex((i) => i.op === 'RUN'),
      )
      .filter((i) => i.op === 'COPY')
      .flatMap((i) => i.args.split(/\s+/).slice(0, -1));
    const lock = JSON.parse(read('package-lock.json')) as { packages: Record<string, { link?: boolean }> };
    const members = Object.keys(lock.packages).filter(
      (key) => key && !key.startsWith('node_modules/') && !key.includes('/node_modules/'),
    );
    expect(members.length).toBeGreaterThanOrEqual(workspaces.length);
    for (const member of members) expect(copied).toContain(`${member}/package.json`);
  });

  it('runs the built server as an unprivileged user, with a health check on /readyz', () => {
    const user = runtime.filter((i) => i.op === 'USER').at(-1)?.args;
    expect(user).toBeDefined();
    expect(user).not.toMatch(/^(root|0)(:|$)/);
    const health = runtime.find((i) => i.op === 'HEALTHCHECK')?.args ?? '';
    expect(health).toContain('/readyz');
    const cmd = JSON.parse(runtime.find((i) => i.op === 'CMD')?.args ?? '[]') as string[];
    expect(cmd[0]).toBe('node');
    expect(cmd.at(-1)).toBe('apps/server/dist/server.js');
    for (const needed of [
      'apps/server/dist',
      'apps/web/dist',
      'apps/server/drizzle',
      'apps/server/pglite-template',
      'apps/server/src/db/reference',
      'node_modules',
    ]) {
      expect(runtime.some((i) => i.op === 'COPY' && i.args.includes(`/src/${needed} `))).toBe(true);
    }
  });

  it('sets only variables the server reads', () => {
    const env = runtime
      .filter((i) => i.op === 'ENV')
      .flatMap((i) => [...i.args.matchAll(/(\w+)=/g)].map((m) => m[1]));
    expect(env.length).toBeGreaterThan(0);
    for (const name of env) expect(ENV_NAMES).toContain(name);
  });
});

describe('compose.yaml', () => {
  const compose = parse(read('compose.yaml'), { merge: true }) as {
    services: Record<
      string,
      { build?: string; image?: string; command?: string; environment?: Record<string, string> }
    >;
  };
  const services = compose.services;
  const shops = Object.entries(services).filter(([, s]) => s.build === '.');
  const docs = read('docs/operations.md');
  const hostOf = (value: string | undefined) =>
    value ? new URL(value.replace(/\$\{[^}]*\}/g, 'x')).hostname : '';

  it('runs two shop instances behind a proxy that sends to both', () => {
    expect(shops.map(([name]) => name)).toHaveLength(2);
    const proxy = Object.values(services).find((s) =>
      shops.every(([name]) => s.command?.includes(`${name}:3000`)),
    );
    expect(proxy).toBeDefined();
  });

  it('wires them to PostgreSQL, the S3-compatible store, Redis and the SMTP catcher of the file', () => {
    for (const [, shop] of shops) {
      const env = shop.environment ?? {};
      for (const name of ['DATABASE_URL', 'S3_ENDPOINT', 'REDIS_URL', 'SMTP_URL']) {
        expect(Object.keys(services), name).toContain(hostOf(env[name]));
      }
      expect(env.S3_BUCKET).toBeTruthy();
      expect(env.SESSION_SECRET).toMatch(/^\$\{SESSION_SECRET:\?/);
    }
    expect(services[hostOf(shops[0]?.[1].environment?.DATABASE_URL)]?.image).toMatch(/^postgres:/);
  });

  it('sets only variables the server reads, each documented in docs/operations.md', () => {
    for (const [, shop] of shops) {
      for (const name of Object.keys(shop.environment ?? {})) {
        expect(ENV_NAMES, name).toContain(name);
        expect(docs, `${name} in docs/operations.md`).toContain(`\`${name}\``);
      }
    }
  });
});
