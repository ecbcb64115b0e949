// Secrets recognised by their own shape: vendor tokens with a fixed prefix and alphabet. The formats
// follow what the secret-scanning community documents (gitleaks' rule set is the field's reference);
// the patterns are ours, each guarded at its start so a long run is scanned once.
import type { SecretRule, Span } from './engine.js';
import { looksRandom } from './values.js';

function format(
  name: string,
  hints: readonly string[],
  pattern: RegExp,
  accept?: (value: string) => boolean,
): SecretRule {
  const pick = accept
    ? (match: RegExpExecArray): Span | null =>
        accept(match[0]) ? { start: match.index, end: match.index + match[0].length } : null
    : undefined;
  return { name, hints, pattern, ...(pick ? { pick } : {}) };
}

export const FORMAT_RULES: readonly SecretRule[] = [
  format('Anthropic API key', ['sk-ant-'], /(?<![A-Za-z0-9_-])sk-ant-[A-Za-z0-9_-]{20,300}/g),
  format('OpenAI API key', ['sk-'], /(?<![A-Za-z0-9_-])sk-[A-Za-z0-9_-]{20,300}/g, looksRandom),
  format(
    'AWS access key id',
    ['akia', 'asia', 'abia', 'acca', 'aroa', 'aida', 'aipa', 'anpa', 'anva', 'apka'],
    /(?<![A-Z0-9])(?:AKIA|ASIA|ABIA|ACCA|AROA|AIDA|AIPA|ANPA|ANVA|APKA)[A-Z0-9]{16}(?![A-Z0-9])/g,
  ),
  format(
    'GitHub token',
    ['gh', 'github_pat_'],
    /(?<![A-Za-z0-9_])(?:gh[pousr]_[A-Za-z0-9]{30,255}|github_pat_[A-Za-z0-9_]{22,255})/g,
  ),
  format(
    'GitLab token',
    ['gl'],
    /(?<![A-Za-z0-9_-])gl(?:pat|dt|ptt|rt|cbt|oas|soat|ft|imt|agent)-[A-Za-z0-9_-]{20,255}/g,
  ),
  format('Slack token', ['xox', 'xapp-'], /(?<![A-Za-z0-9-])(?:xox[abposre]|xapp)-[A-Za-z0-9-]{10,250}/g),
  format(
    'Slack webhook URL',
    ['hooks.slack.com'],
    /https:\/\/hooks\.slack\.com\/(?:services|workflows|triggers)\/[A-Za-z0-9/_-]{20,300}/g,
  ),
  format(
    'Discord webhook URL',
    ['/api/webhooks/'],
    /https:\/\/discord(?:app)?\.com\/api\/webhooks\/[0-9]{5,30}\/[A-Za-z0-9_-]{20,200}/g,
  ),
  format(
    'Stripe key',
    ['k_live_', 'k_test_', 'whsec_'],
    /(?<![A-Za-z0-9_])(?:[sr]k_(?:live|test)_[A-Za-z0-9]{16,250}|whsec_[A-Za-z0-9]{16,250})/g,
  ),
  format('npm token', ['npm_'], /(?<![A-Za-z0-9_])npm_[A-Za-z0-9]{36}(?![A-Za-z0-9])/g),
  format('Google API key', ['aiza'], /(?<![A-Za-z0-9_-])AIza[0-9A-Za-z_-]{35}/g),
  format(
    'JSON Web Token',
    ['eyj'],
    /(?<![A-Za-z0-9_-])eyJ[A-Za-z0-9_-]{8,4096}\.[A-Za-z0-9_-]{8,4096}\.[A-Za-z0-9_-]{8,4096}/g,
  ),
  format('Twilio API key', ['sk'], /(?<![A-Za-z0-9])SK[0-9a-fA-F]{32}(?![A-Za-z0-9])/g),
  format('SendGrid API key', ['sg.'], /(?<![A-Za-z0-9_-])SG\.[A-Za-z0-9_-]{16,32}\.[A-Za-z0-9_-]{16,64}/g),
  format(
    'Hugging Face token',
    ['hf_', 'api_org_'],
    /(?<![A-Za-z0-9_])(?:hf|api_org)_[A-Za-z0-9]{30,40}(?![A-Za-z0-9])/g,
  ),
  format('Databricks token', ['dapi'], /(?<![A-Za-z0-9_])dapi[0-9a-h]{32}(?:-[0-9])?(?![A-Za-z0-9])/g),
  format('DigitalOcean token', ['_v1_'], /(?<![A-Za-z0-9_])do[opr]_v1_[0-9a-f]{64}/g),
  format('Vault token', ['hv'], /(?<![A-Za-z0-9_.])hv[sbr]\.[A-Za-z0-9_-]{24,300}/g),
  format(
    'Vault token (legacy format), beside the word vault',
    ['vault'],
    /(?<![A-Za-z0-9_.])[sbr]\.[A-Za-z0-9]{24}(?![A-Za-z0-9_.(])/g,
    (value) => looksRandom(value.slice(2)),
  ),
  format('Mailgun API key', ['key-'], /(?<![A-Za-z0-9_-])key-[0-9a-z]{32}(?![A-Za-z0-9])/g),
  format('Azure AD client secret', ['q~'], /(?<![A-Za-z0-9_~.-])[A-Za-z0-9_~.]{3}[0-9]Q~[A-Za-z0-9_~.-]{31,34}/g),
  format('Azure storage account key', ['=='], /(?<![A-Za-z0-9+/=])[A-Za-z0-9+/]{86}==(?![A-Za-z0-9+/=])/g),
  format('Shopify token', ['shp'], /(?<![A-Za-z0-9_])shp(?:at|ss|ca|pa)_[a-fA-F0-9]{32}/g),
  format('PyPI token', ['pypi-ageichlwas5vcmc'], /(?<![A-Za-z0-9_-])pypi-AgEIcHlwaS5vcmc[A-Za-z0-9_-]{50,300}/g),
  format('Postman API key', ['pmak-'], /(?<![A-Za-z0-9_-])PMAK-[0-9a-f]{24}-[0-9a-f]{34}/g),
  format('Telegram bot token', [':aa'], /(?<![0-9])[0-9]{8,10}:AA[A-Za-z0-9_-]{33}(?![A-Za-z0-9_-])/g),
  format('Linear API key', ['lin_api_'], /(?<![A-Za-z0-9_])lin_api_[A-Za-z0-9]{40}/g),
  format(
    'Grafana token',
    ['gl'],
    /(?<![A-Za-z0-9_])(?:glsa_[A-Za-z0-9]{32}_[A-Fa-f0-9]{8}|glc_[A-Za-z0-9+/]{32,400})/g,
  ),
  format('age secret key', ['age-secret-key-1'], /AGE-SECRET-KEY-1[QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L]{58}/g),
  format('New Relic user key', ['nrak-'], /(?<![A-Za-z0-9_-])NRAK-[A-Z0-9]{27}/g),
  format('Square access token', ['sq0', 'eaaa'], /(?<![A-Za-z0-9_-])(?:sq0atp-|sq0csp-|EAAA)[A-Za-z0-9_-]{22,60}/g),
  format('Atlassian API token', ['atatt3'], /(?<![A-Za-z0-9_=-])ATATT3[A-Za-z0-9_=-]{100,300}/g),
  format('Heroku API key', ['hrku-'], /(?<![A-Za-z0-9_-])HRKU-[A-Za-z0-9_-]{58,64}/g),
];

/** Samples of the formats above, by rule name ([text, secret] pairs): read by the tests and the bench, never by a hook. */
export const FORMAT_SAMPLES: Readonly<
  Record<string, { redacts: readonly (readonly [text: string, secret: string])[]; keeps: readonly string[] }>
> = {
  'Anthropic API key': {
    redacts: [
      [
        'client = Anthropic(api_key="sk-ant-api03-575yx8xm5MslfY5ubiheyEd7P4zDL-ak6J0kGODKdinZnLXicaBAg8WY1jzIRlNQb0prFmbh7_wy5yq1XoY1BaIMcAxYmAA")',
        'sk-ant-api03-575yx8xm5MslfY5ubiheyEd7P4zDL-ak6J0kGODKdinZnLXicaBAg8WY1jzIRlNQb0prFmbh7_wy5yq1XoY1BaIMcAxYmAA',
      ],
    ],
    keeps: ['client = Anthropic(api_key=os.environ["ANTHROPIC_API_KEY"])'],
  },
  'OpenAI API key': {
    redacts: [
      [
        'openai.api_key = "sk-proj-cjnCqaXNv1syeefnLOpaMxxNDi9LE1Ki3ylOjt6o0NpUmkVO"',
        'sk-proj-cjnCqaXNv1syeefnLOpaMxxNDi9LE1Ki3ylOjt6o0NpUmkVO',
      ],
    ],
    keeps: ['pip install sk-learn-compatible-estimators', 'const key = process.env.OPENAI_API_KEY'],
  },
  'AWS access key id': {
    redacts: [['aws_access_key_id = AKIAIOSFODNN7EXAMPLE', 'AKIAIOSFODNN7EXAMPLE']],
    keeps: ['const accessKeyId = credentials.AccessKeyId'],
  },
  'GitHub token': {
    redacts: [
      [
        'git remote set-url origin https://ghp_8JmR8y4EMfAdggcG9qpVTzqA05MFsHl7Ueio@github.com/acme/api.git',
        'ghp_8JmR8y4EMfAdggcG9qpVTzqA05MFsHl7Ueio',
      ],
      [
        'GH_TOKEN: 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',
        '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',
      ],
    ],
    keeps: ['const token = core.getInput("github_token")'],
  },
  'GitLab token': {
    redacts: [
      [
        'curl --header "PRIVATE-TOKEN: glpat-E5e32A8Yb3FKaNQyyLaM" https://gitlab.example.com/api/v4/projects',
        'glpat-E5e32A8Yb3FKaNQyyLaM',
      ],
    ],
    keeps: ['headers["PRIVATE-TOKEN"] = settings.gitlab_token'],
  },
  'Slack token': {
    redacts: [
      [
        'SLACK_BOT_TOKEN=xoxb-2931029384-1029384756-xEbjMmroqRopHa7IzapJF2PW',
        'xoxb-2931029384-1029384756-xEbjMmroqRopHa7IzapJF2PW',
      ],
    ],
    keeps: ['const slack = new WebClient(process.env.SLACK_BOT_TOKEN)'],
  },
  'Slack webhook URL': {
    redacts: [
      [
        'curl -X POST https://hooks.slack.com/services/T0ABCDEFG/B0ABCDEFG/abcdefghijklmnopqrstuvwx -d @msg.json',
        'T0ABCDEFG/B0ABCDEFG/abcdefghijklmnopqrstuvwx',
      ],
    ],
    keeps: ['// docs: https://api.slack.com/messaging/webhooks'],
  },
  'Discord webhook URL': {
    redacts: [
      [
        'DISCORD_HOOK=https://discord.com/api/webhooks/1234567890123456789/qeAN029rHO5WsAJ5ZrXTCnLVSBrfd9bMiBTpVEHl2pY-h_XQK-JCuZz8vSElR2t9GNcY',
        'qeAN029rHO5WsAJ5ZrXTCnLVSBrfd9bMiBTpVEHl2pY-h_XQK-JCuZz8vSElR2t9GNcY',
      ],
    ],
    keeps: ['await fetch(config.discordWebhook, { method: "POST" })'],
  },
  'Stripe key': {
    redacts: [
      ['const stripe = new Stripe("sk_live_effOhq4AUvy7VSLDCD1IfHWG")', 'sk_live_effOhq4AUvy7VSLDCD1IfHWG'],
      [
        'stripe listen --forward-to localhost:3000 # whsec_btMfEbo9ShFXNQ6Fq5axtjRNmHkW5vQ7',
        'whsec_btMfEbo9ShFXNQ6Fq5axtjRNmHkW5vQ7',
      ],
    ],
    keeps: [
      'const stripe = new Stripe(process.env.STRIPE_SECRET_KEY!)',
      'const pk = "pk_live_51HqLyjWDarjtT1zdp7dcXYZ"',
    ],
  },
  'npm token': {
    redacts: [
      [
        'echo "//registry.npmjs.org/:_authToken npm_CF5puzQqmOBZZW6m4nyoL6uniiFw152cTe8r" > .npmrc',
        'npm_CF5puzQqmOBZZW6m4nyoL6uniiFw152cTe8r',
      ],
    ],
    keeps: ['const npm_config_cache = process.env.npm_config_cache'],
  },
  'Google API key': {
    redacts: [
      [
        '<script src="https://maps.googleapis.com/maps/api/js?libraries=places&callback=init&v=AIzavo58JB0W-O5PjeJfJTNcrZ6ydIEsgo5nVjz"></script>',
        'AIzavo58JB0W-O5PjeJfJTNcrZ6ydIEsgo5nVjz',
      ],
    ],
    keeps: ['const key = import.meta.env.VITE_MAPS_KEY'],
  },
  'JSON Web Token': {
    redacts: [
      [
        'curl -b "session=eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.pUiZIgW-M8PGjdeSPVMHx8XRUdBjg01iJi75WXerIN-" https://app',
        'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.pUiZIgW-M8PGjdeSPVMHx8XRUdBjg01iJi75WXerIN-',
      ],
    ],
    keeps: ['const payload = jwt.verify(token, publicKey)'],
  },
  'Twilio API key': {
    redacts: [
      [
        'client = Client("SK6f850f1578b5c72dc4ee60caea63367c", api_secret, account_sid)',
        'SK6f850f1578b5c72dc4ee60caea63367c',
      ],
    ],
    keeps: ['client = Client(api_key_sid, api_secret, account_sid)'],
  },
  'SendGrid API key': {
    redacts: [
      [
        'sgMail.setApiKey("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");',
        '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',
      ],
    ],
    keeps: ['sgMail.setApiKey(process.env.SENDGRID_API_KEY);'],
  },
  'Hugging Face token': {
    redacts: [
      [
        'git clone https://user: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@huggingface.co/acme/model',
        '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',
      ],
      ['login(token="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")', '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'],
    ],
    keeps: ['login(token=os.environ["HF_TOKEN"])', 'from transformers import hf_hub_download'],
  },
  'Databricks token': {
    redacts: [
      ['databricks configure --token <<< dapi0cd566647b5aa666347428c3dd46c036', 'dapi0cd566647b5aa666347428c3dd46c036'],
    ],
    keeps: ['w = WorkspaceClient(host=host, token=dbutils.secrets.get("scope", "token"))'],
  },
  'DigitalOcean token': {
    redacts: [
      [
        'export DIGITALOCEAN_ACCESS_TOKEN dop_v1_bb3a62f301f46536559314e23acedbd6b0165debbc6530a2c6a8835c4abd5c65',
        'dop_v1_bb3a62f301f46536559314e23acedbd6b0165debbc6530a2c6a8835c4abd5c65',
      ],
    ],
    keeps: ['doctl auth init --context work'],
  },
  'Vault token': {
    redacts: [
      [
        'VAULT_TOKEN hvs.jRM8mbTgDIMRBZxjX-BpYconEG4ZgzWbmHGJR1m4jfXuX8v-h2-1KZNUK9IKLdbFfu0XgOYgOjC29GFfm7sFog16pAg',
        'hvs.jRM8mbTgDIMRBZxjX-BpYconEG4ZgzWbmHGJR1m4jfXuX8v-h2-1KZNUK9IKLdbFfu0XgOYgOjC29GFfm7sFog16pAg',
      ],
    ],
    keeps: ['client.token = os.environ["VAULT_TOKEN"]'],
  },
  'Vault token (legacy format), beside the word vault': {
    redacts: [
      ['export VAULT_TOKEN=s.Xq7Lm2Rt9vBn4Kp8Wy3Cz6Hd', 's.Xq7Lm2Rt9vBn4Kp8Wy3Cz6Hd'],
      [
        'curl -H "X-Vault-Token: s.Xq7Lm2Rt9vBn4Kp8Wy3Cz6Hd" https://vault.internal:8200/v1/secret/db',
        's.Xq7Lm2Rt9vBn4Kp8Wy3Cz6Hd',
      ],
    ],
    keeps: ['vault kv get -field=password secret/db', 'const vault = new Vault({ token: s.vaultTokenFromSettings })'],
  },
  'Mailgun API key': {
    redacts: [
      [
        'curl -s --user "api:key-w7jhx2i03q0x7isip4h6t6wrrmrpmp6m" https://api.mailgun.net/v3/x/messages',
        'key-w7jhx2i03q0x7isip4h6t6wrrmrpmp6m',
      ],
    ],
    keeps: ['const mg = mailgun.client({ username: "api", key: process.env.MAILGUN_API_KEY })'],
  },
  'Azure AD client secret': {
    redacts: [
      [
        'az login --service-principal -u 1b2c3d4e -p 4Rc8Q~hbIH2denCJjluEV99TARR~rjp5B42HXtVt --tenant t',
        '4Rc8Q~hbIH2denCJjluEV99TARR~rjp5B42HXtVt',
      ],
    ],
    keeps: ['credential = ClientSecretCredential(tenant_id, client_id, client_secret)'],
  },
  'Azure storage account key': {
    redacts: [
      [
        'az storage blob list --account-key PLx2Vm7Pkk3+7MbjNBkM/PKsCTPUpP4J4N6OCZFkUUdUYXyVXtwwl6KcChuLc2iNkQkJnOkdsm2FC+R6YSRQr/== -c x',
        'PLx2Vm7Pkk3+7MbjNBkM/PKsCTPUpP4J4N6OCZFkUUdUYXyVXtwwl6KcChuLc2iNkQkJnOkdsm2FC+R6YSRQr/==',
      ],
    ],
    keeps: ['if (a == b) return'],
  },
  'Shopify token': {
    redacts: [
      ['X-Shopify-Access-Token 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', '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'],
    ],
    keeps: ['const session = await shopify.auth.callback({ rawRequest: req })'],
  },
  'PyPI token': {
    redacts: [
      [
        'twine upload -u __token__ -p pypi-AgEIcHlwaS5vcmcwh6c9eOnzxTBE8C4xJZwN9H_ZRl9CZgBrXJhEb8V5F1u1uPsHqIgtwaAtqkT dist/*',
        'pypi-AgEIcHlwaS5vcmcwh6c9eOnzxTBE8C4xJZwN9H_ZRl9CZgBrXJhEb8V5F1u1uPsHqIgtwaAtqkT',
      ],
    ],
    keeps: ['twine upload -u __token__ -p "$PYPI_TOKEN" dist/*'],
  },
  'Postman API key': {
    redacts: [
      [
        'postman login --with-api-key PMAK-83fe2906d62e61df59a9c29e-2b243ce3e0cf793e0649c9ac2866c3a98f',
        'PMAK-83fe2906d62e61df59a9c29e-2b243ce3e0cf793e0649c9ac2866c3a98f',
      ],
    ],
    keeps: ['postman login --with-api-key "$POSTMAN_API_KEY"'],
  },
  'Telegram bot token': {
    redacts: [
      ['bot = Bot("7123456789:AAQ5WlnsmqwxyZe7lmDeup30jR2rAsX9Q0b")', '7123456789:AAQ5WlnsmqwxyZe7lmDeup30jR2rAsX9Q0b'],
    ],
    keeps: ['bot = Bot(os.environ["TELEGRAM_TOKEN"])'],
  },
  'Linear API key': {
    redacts: [
      [
        'new LinearClient({ apiKey: "lin_api_UzNSuYYpQMHbqvmvtPCgJynGvYs0gNTkqXI5tJow" })',
        'lin_api_UzNSuYYpQMHbqvmvtPCgJynGvYs0gNTkqXI5tJow',
      ],
    ],
    keeps: ['new LinearClient({ apiKey: process.env.LINEAR_API_KEY })'],
  },
  'Grafana token': {
    redacts: [
      [
        'grafana-cli --token glsa_NGGjKTm7HTT17mK8bOQmXfipEKASvvf7_b8e3e472 plugins ls',
        'glsa_NGGjKTm7HTT17mK8bOQmXfipEKASvvf7_b8e3e472',
      ],
    ],
    keeps: ['const grafana = createClient({ token: env.GRAFANA_TOKEN })'],
  },
  'age secret key': {
    redacts: [
      [
        '# created: 2026-01-01\nAGE-SECRET-KEY-1S24F8QJH0H2TYAZETGNCP2V6AZFC8ET4GS04RZFELX7K66JLA6M884M6P5',
        'AGE-SECRET-KEY-1S24F8QJH0H2TYAZETGNCP2V6AZFC8ET4GS04RZFELX7K66JLA6M884M6P5',
      ],
    ],
    keeps: ['age -d -i key.txt secrets.age'],
  },
  'New Relic user key': {
    redacts: [
      [
        'newrelic profile add --apiKey NRAK-DS1YUTEPH2P6ZD4G7P8TZPEX80K --region US',
        'NRAK-DS1YUTEPH2P6ZD4G7P8TZPEX80K',
      ],
    ],
    keeps: ['newrelic profile add --apiKey "$NEW_RELIC_API_KEY"'],
  },
  'Square access token': {
    redacts: [
      ['const client = new Client({ accessToken: "sq0atp-C1pjmqp6aLFMdPwi45YsTD" })', 'sq0atp-C1pjmqp6aLFMdPwi45YsTD'],
    ],
    keeps: ['const client = new Client({ accessToken: process.env.SQUARE_ACCESS_TOKEN })'],
  },
  'Atlassian API token': {
    redacts: [
      [
        'curl -u me@example.com:ATATT3xFfGF0fNd6ONP=s8AzLhzOT8cwzEygnNOJ1rQ41kvCNpzIxE-LIVoDMxCJql7j4jfaKG2lvKyFwJdxte7Xa=hxiUP9eL-wvo3E4GEH_C=Hezg5xPtc=3-4HdjowEsgN2fOH=lvWGFu=6hO07UBfq_rs6faE0slYM82jeDLGpE17lDUNRBfuZhRw7YB https://x.atlassian.net',
        'ATATT3xFfGF0fNd6ONP=s8AzLhzOT8cwzEygnNOJ1rQ41kvCNpzIxE-LIVoDMxCJql7j4jfaKG2lvKyFwJdxte7Xa=hxiUP9eL-wvo3E4GEH_C=Hezg5xPtc=3-4HdjowEsgN2fOH=lvWGFu=6hO07UBfq_rs6faE0slYM82jeDLGpE17lDUNRBfuZhRw7YB',
      ],
    ],
    keeps: ['const jira = new JiraApi({ password: process.env.JIRA_TOKEN })'],
  },
  'Heroku API key': {
    redacts: [
      [
        'heroku config:get X --app shop # HRKU-AAWWgB1SFxu9AZB7N85_x_AX1jgJUJcxHYBInUhtUrEpcPX5kWPGhMYE_fyt',
        'HRKU-AAWWgB1SFxu9AZB7N85_x_AX1jgJUJcxHYBInUhtUrEpcPX5kWPGhMYE_fyt',
      ],
    ],
    keeps: ['heroku auth:token'],
  },
};
