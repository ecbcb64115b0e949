// Every secret rule, in one list: the ones that know a token by its shape, then the ones that know a
// secret by where it stands (a credential-named key, a password flag or argument, URL userinfo, a key file),
// then the ones that know it by the words around it (a sentence, a SQL statement).
import { assignment, flag } from './assignment-rules.js';
import { configSet, opensslPass, tools, userPass } from './command-rules.js';
import type { SecretRule } from './engine.js';
import { FORMAT_RULES } from './format-rules.js';
import { bearer, keyBody, keyContextBody, netrc, pem, pemLines, twilioAuthToken, url } from './key-rules.js';
import { koreanSecret, saidInWords, sqlPassword } from './prose-rules.js';

export const SECRET_RULES: readonly SecretRule[] = [
  ...FORMAT_RULES,
  pem,
  keyBody,
  pemLines,
  keyContextBody,
  url,
  netrc,
  tools,
  userPass,
  configSet,
  opensslPass,
  bearer,
  flag,
  assignment,
  twilioAuthToken,
  sqlPassword,
  saidInWords,
  koreanSecret,
];
