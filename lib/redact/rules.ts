// Every secret rule, in one list: the ones that know a token by its shape, then the ones that know a
// secret by where it stands (a credential-named key, a password flag, URL userinfo, a key file).
import { CONTEXT_RULES } from './context-rules.js';
import type { SecretRule } from './engine.js';
import { FORMAT_RULES } from './format-rules.js';

export const SECRET_RULES: readonly SecretRule[] = [...FORMAT_RULES, ...CONTEXT_RULES];
