// The journeys' server: a real SMTP server that files each mail under E2E_DIR/mail, and the shop
// itself (migrated, demo catalogue seeded) on E2E_PORT with a fresh data folder.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { spawn } from 'node:child_process';
import { SMTPServer } from 'smtp-server';

const dir = process.env.E2E_DIR;
const port = Number(process.env.E2E_PORT);
const smtpPort = Number(process.env.E2E_SMTP_PORT);
const mailDir = join(dir, 'mail');
mkdirSync(mailDir, { recursive: true });
let n = 0;

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  onData(stream, session, callback) {
    const chunks = [];
    stream.on('data', (c) => chunks.push(c));
    stream.on('end', () => {
      const to = session.envelope.rcptTo.map((r) => r.address).join(',');
      writeFileSync(join(mailDir, `${Date.now()}-${n++}.eml`), `X-Envelope-To: ${to}\n${Buffer.concat(chunks).toString('utf8')}`);
      callback();
    });
  },
});
await new Promise((resolve) => smtp.listen(smtpPort, '127.0.0.1', resolve));

const app = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/cli.ts', 'start'], {
  stdio: 'inherit',
  env: {
    ...process.env,
    NODE_ENV: 'development',
    SEED_DEMO: '1',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://localhost:${port}`,
    DATA_DIR: join(dir, 'data'),
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    RATE_LIMITS: 'off',
    PAYMENT_EXPIRY_MINUTES: '15',
  },
});
const stop = () => {
  app.kill('SIGTERM');
  smtp.close();
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
app.on('exit', (code) => {
  smtp.close();
  process.exit(code ?? 0);
});
