// Code that handles credentials must stay readable; literals that are credentials must not be stored.
// Real-looking lines in TypeScript, Python, shell, YAML and .env, through the whole rule set.
import { describe, expect, it } from 'vitest';
import { redactText } from '../../lib/redact.js';

// A value that is an expression — member access, a call, an environment lookup, an identifier,
// a template, a variable — is not a secret.
const KEEP: readonly (readonly [lang: string, line: string])[] = [
  ['ts', 'const token = req.headers.authorization;'],
  ['ts', 'const token = req.headers.authorization?.split(" ")[1];'],
  ['ts', '  password: await hash(req.body.password, 12),'],
  ['ts', 'const SECRET = process.env.SECRET;'],
  ['ts', "const csrfToken = document.querySelector<HTMLMetaElement>('meta[name=\"csrf-token\"]')?.content;"],
  ['ts', "const csrf = $('meta[name=csrf-token]').attr('content');"],
  ['ts', 'headers: { Authorization: `Bearer ${session.accessToken}` },'],
  ['ts', "headers.set('Authorization', 'Bearer ' + token);"],
  ['ts', 'const apiKey = config.get<string>("stripe.apiKey");'],
  ['ts', 'if (user.password !== hashed) throw new UnauthorizedError();'],
  ['ts', 'export interface Credentials { username: string; password: string; token?: string }'],
  ['ts', 'const { accessToken, refreshToken } = await auth.refresh(refreshToken);'],
  ['ts', 'const secret = new TextEncoder().encode(env.JWT_SECRET);'],
  ['ts', 'password: z.string().min(8).max(128),'],
  ['ts', 'const passwordHash = await bcrypt.hash(password, saltRounds);'],
  ['ts', 'const TOKEN_STORAGE_KEY = "auth_token";'],
  ['ts', 'token: token ?? undefined,'],
  ['py', 'api_key = os.environ["OPENAI_API_KEY"]'],
  ['py', 'password = getpass.getpass("Password: ")'],
  ['py', 'token = request.headers.get("Authorization", "").removeprefix("Bearer ")'],
  ['py', 'conn = psycopg2.connect(host=host, user=user, password=password)'],
  ['py', 'SECRET_KEY = os.getenv("DJANGO_SECRET_KEY")'],
  ['py', 'client = boto3.client("s3", aws_secret_access_key=creds.secret_key)'],
  ['py', 'self.token = token'],
  ['py', 'headers = {"Authorization": f"Bearer {self.token}"}'],
  ['py', 'password: str'],
  ['sh', 'export GITHUB_TOKEN="$(gh auth token)"'],
  ['sh', 'echo "$DOCKER_PASSWORD" | docker login -u "$DOCKER_USER" --password-stdin'],
  ['sh', 'mysql -u root -p"$MYSQL_ROOT_PASSWORD" shop < schema.sql'],
  ['sh', 'curl -H "Authorization: Bearer $TOKEN" https://api.example.com/v1/me'],
  ['sh', 'PGPASSWORD=$DB_PASSWORD psql -h db -U app'],
  ['sh', 'vault kv get -field=password secret/db'],
  ['sh', 'aws secretsmanager get-secret-value --secret-id prod/db --query SecretString'],
  ['yaml', '      password: ${{ secrets.DB_PASSWORD }}'],
  ['yaml', '        - name: DB_PASSWORD\n          valueFrom:\n            secretKeyRef:\n              name: db\n              key: password'],
  ['yaml', '  token: "{{ vault_token }}"'],
  ['yaml', '  password: !vault |'],
  ['env', 'DATABASE_URL=postgres://app:${DB_PASSWORD}@db:5432/app'],
  ['env', 'API_TOKEN='],
  ['env', 'SECRET_KEY=${SECRET_KEY:?must be set}'],
  ['env', 'STRIPE_SECRET_KEY=sk_test_your_key_here'],
  ['env', 'PASSWORD_MIN_LENGTH=12'],
];

const REDACT: readonly (readonly [lang: string, line: string, secret: string])[] = [
  ['ts', 'const stripe = new Stripe("sk_live_effOhq4AUvy7VSLDCD1IfHWG");', 'sk_live_effOhq4AUvy7VSLDCD1IfHWG'],
  ['ts', "const apiKey = 'AbC9dEf8GhI7jKl6';", 'AbC9dEf8GhI7jKl6'],
  ['ts', '  password: "Tr0ub4dor&3",', 'Tr0ub4dor&3'],
  ['ts', 'const client = twilio("ACa1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6", "f00dbabe11223344556677889900aabb");', 'f00dbabe11223344556677889900aabb'],
  ['ts', 'sgMail.setApiKey("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");', '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'],
  ['ts', "const conn = 'DefaultEndpointsProtocol=https;AccountName=shop;AccountKey=q8Lm3vR9xK2pW7nB4yC6hD1jF5gS0aE8uQ9t==;EndpointSuffix=core.windows.net';", 'q8Lm3vR9xK2pW7nB4yC6hD1jF5gS0aE8uQ9t=='],
  ['ts', "fetch('https://api.example.com/v1/items?api_key=9fA3kL0pQ7zX2mN8&page=2')", '9fA3kL0pQ7zX2mN8'],
  ['ts', 'const jwtSecret: string = "q7Lm2-Rt9vBn4-Kp8Wy3";', 'q7Lm2-Rt9vBn4-Kp8Wy3'],
  ['py', 'openai.api_key = "sk-proj-cjnCqaXNv1syeefnLOpaMxxNDi9LE1Ki3ylOjt6o0NpUmkVO"', 'sk-proj-cjnCqaXNv1syeefnLOpaMxxNDi9LE1Ki3ylOjt6o0NpUmkVO'],
  ['py', 'login(token="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")', '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'],
  ['py', 'DATABRICKS_TOKEN = "dapi0cd566647b5aa666347428c3dd46c036"', 'dapi0cd566647b5aa666347428c3dd46c036'],
  ['py', 'engine = create_engine("mysql://root:p@ssw0rdLeak@localhost/shop")', 'p@ssw0rdLeak'],
  ['py', 'conn = pymysql.connect(host="db", user="root", password="correct horse battery staple")', 'correct horse battery staple'],
  ['py', 'SECRET_KEY = "django-insecure-9x!k2@m#4z&q8w"', 'django-insecure-9x!k2@m#4z&q8w'],
  ['py', 'password: str = "hunter2hunter2"', 'hunter2hunter2'],
  ['sh', 'mysql -u root -pS3cretPw shop < dump.sql', 'S3cretPw'],
  ['sh', 'docker login -u deploy -p dckr_pat_4f8a9c2e1d7b registry.example.com', 'dckr_pat_4f8a9c2e1d7b'],
  ['sh', 'sshpass -p "Hunter 2" ssh admin@10.0.0.5 uptime', 'Hunter 2'],
  ['sh', 'redis-cli -h cache -a R3disPass ping', 'R3disPass'],
  ['sh', 'htpasswd -b -c /etc/nginx/.htpasswd admin AdminPw99', 'AdminPw99'],
  ['sh', 'vault login hvs.jRM8mbTgDIMRBZxjX-BpYconEG4ZgzWbmHGJR1m4jfXuX8v-h2-1KZNUK9IKLdbFfu0XgOYgOjC29GFfm7sFog16pAg', 'hvs.jRM8mbTgDIMRBZxjX-BpYconEG4ZgzWbmHGJR1m4jfXuX8v-h2-1KZNUK9IKLdbFfu0XgOYgOjC29GFfm7sFog16pAg'],
  ['sh', 'doctl -t 4f8a9c2e1d7b3a6f5e0c8d2b compute droplet list', '4f8a9c2e1d7b3a6f5e0c8d2b'],
  ['sh', 'aws configure set aws_secret_access_key wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY', 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY'],
  ['sh', 'git clone https://0a1b2c3d4e5f60718293a4b5c6d7e8f901234567@github.com/acme/api.git', '0a1b2c3d4e5f60718293a4b5c6d7e8f901234567'],
  ['sh', 'curl -X POST https://api.example.com/deploy \\\n  --api-key \\\n  9fA3kL0pQ7zX2mN8', '9fA3kL0pQ7zX2mN8'],
  ['sh', "curl 'https://x.blob.core.windows.net/c/f?sv=2022-11-02&sp=r&sig=Xy7%2Bq9LmZ3vR1nK7wYc3HdJ6sGa%3D'", 'Xy7%2Bq9LmZ3vR1nK7wYc3HdJ6sGa%3D'],
  ['sh', 'curl -u ACa1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6:f00dbabe11223344556677889900aabb https://api.twilio.com/2010-04-01/Accounts.json', 'f00dbabe11223344556677889900aabb'],
  ['yaml', 'spring:\n  datasource:\n    password: hunter2hunter2', 'hunter2hunter2'],
  ['yaml', '  passphrase: open sesame is not a plan  # rotate', 'open sesame is not a plan'],
  ['yaml', '    client-key-data: LS0tLS1CRUdJTiBSU0EgUFJJVkFURSBLRVktLS0tLQpNSUlF', 'LS0tLS1CRUdJTiBSU0EgUFJJVkFURSBLRVktLS0tLQpNSUlF'],
  ['yaml', '  token: "xoxb-2931029384-1029384756-xEbjMmroqRopHa7IzapJF2PW"', 'xoxb-2931029384-1029384756-xEbjMmroqRopHa7IzapJF2PW'],
  ['env', 'ENCRYPTION_KEY=9f2c4e7a1b3d5f60a8c7', '9f2c4e7a1b3d5f60a8c7'],
  ['env', 'MAILGUN_API_KEY=key-w7jhx2i03q0x7isip4h6t6wrrmrpmp6m', 'key-w7jhx2i03q0x7isip4h6t6wrrmrpmp6m'],
  ['env', 'DB_PASSWORD=hunter', 'hunter'],
  ['env', 'SESSION_SECRET="a long passphrase with spaces"', 'a long passphrase with spaces'],
  ['env', "SMTP_PASS='S3nd-M41l!'", 'S3nd-M41l!'],
  ['netrc', 'machine api.heroku.com\n  login me@example.com\n  password 01234567-89ab-cdef-0123-456789abcdef', '01234567-89ab-cdef-0123-456789abcdef'],
];

describe('code that handles secrets', () => {
  it('has at least 30 lines of each kind, in every language', () => {
    expect(KEEP.length).toBeGreaterThanOrEqual(30);
    expect(REDACT.length).toBeGreaterThanOrEqual(30);
    for (const lang of ['ts', 'py', 'sh', 'yaml', 'env']) {
      expect(KEEP.some(([l]) => l === lang), lang).toBe(true);
      expect(REDACT.some(([l]) => l === lang), lang).toBe(true);
    }
  });

  it.each(KEEP)('keeps %s: %s', (_lang, line) => {
    expect(redactText(line)).toBe(line);
  });

  it.each(REDACT)('redacts %s: %s', (_lang, line, secret) => {
    const out = redactText(line);
    expect(out).not.toContain(secret);
    expect(out).toContain('[REDACTED]');
    // What is around the secret stays readable.
    expect(out.replace('[REDACTED]', secret)).toBe(line);
  });
});
