import { CreateOperatorBodySchema, type Operator, OperatorRoleSchema } from '@shop/domain';
import type { AppDb } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import { createOperator } from './operators.service.ts';

/** `--email a@b --role admin|agent [--name "Ana"]`: the arguments of `npm run admin:create`. */
export function parseAdminCreateArgs(argv: readonly string[]): {
  email: string;
  role: string;
  name?: string;
} {
  const out: Record<string, string> = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    const match = /^--(email|role|name)(?:=(.*))?$/.exec(arg);
    if (!match?.[1]) throw new Error(`unknown argument: ${arg}`);
    const value = match[2] ?? argv[++i];
    if (value === undefined) throw new Error(`--${match[1]} needs a value`);
    out[match[1]] = value;
  }
  if (!out.email) throw new Error('--email is required');
  if (!out.role || !OperatorRoleSchema.safeParse(out.role).success)
    throw new Error('--role must be admin or agent');
  return { email: out.email, role: out.role, ...(out.name ? { name: out.name } : {}) };
}

/**
 * Creates the operator (argon2id hash, audited as 'cli'). The password is
 * never printed; a message names only what is wrong with it.
 */
export async function adminCreate(
  db: AppDb,
  args: { email: string; role: string; name?: string },
  password: string,
): Promise<Operator> {
  const parsed = CreateOperatorBodySchema.safeParse({
    email: args.email,
    role: args.role,
    name: args.name ?? args.email.split('@')[0],
    password,
  });
  if (!parsed.success) {
    throw new Error(
      parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; '),
    );
  }
  try {
    return await createOperator(db, { operatorId: null, email: 'cli' }, parsed.data);
  } catch (err) {
    if (err instanceof AppError && err.kind === 'conflict')
      throw new Error(`an operator ${args.email} already exists`);
    throw err;
  }
}
