// Attacks on `npm start`'s code-server from another local user or process, and from a web page that
// rebinds its own name to 127.0.0.1: all of them can reach a loopback port. What the server serves is a
// whole VS Code with a terminal, so it must ask for a password, keep workspace trust on and expose no
// test seam of the extension (SVC_TEST_HARNESS).
import assert from 'node:assert/strict';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { startCodeServer, workbenchUrl, type CodeServer } from '../harness/codeServer';
import { makeRunDir, resultsDir, sampleWorkspace } from '../harness/toolPaths';

interface Answer {
  status: number;
  location: string | undefined;
  cookie: string | undefined;
  body: string;
}

/** A raw request, so Host and Origin can be whatever an attacker's page would send. */
function request(url: string, options: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: options.method ?? 'GET', headers: options.headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, location: res.headers.location, cookie: res.headers['set-cookie']?.[0]?.split(';')[0], body }));
    });
    req.on('error', reject);
    req.end(options.body);
  });
}

function environOf(pid: number): Map<string, string> {
  const entries = fs.readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0').filter(Boolean);
  return new Map(entries.map((entry) => [entry.slice(0, entry.indexOf('=')), entry.slice(entry.indexOf('=') + 1)]));
}

const WORKBENCH = /<meta id="vscode-workbench-web-configuration"/;

describe('npm start, under attack', function () {
  this.timeout(120_000);
  const servers: CodeServer[] = [];
  after(async () => {
    for (const server of servers) await server.stop();
  });

  it('a test-harness server hands the workbench to anyone (the control case)', async () => {
    const runDir = makeRunDir(path.join(resultsDir, 'security'), 'start-tests');
    const server = await startCodeServer({ runDir });
    servers.push(server);
    const answer = await request(workbenchUrl(server, sampleWorkspace), { headers: { Host: 'attacker.example', Origin: 'http://attacker.example' } });
    assert.equal(answer.status, 200);
    assert.match(answer.body, WORKBENCH);
  });

  describe("the developer's server", () => {
    let server: CodeServer;
    const password = 'correct-horse-battery-staple-42';

    before(async () => {
      const runDir = makeRunDir(path.join(resultsDir, 'security'), 'start-developer');
      server = await startCodeServer({ runDir, developmentPayload: true, audience: { kind: 'developer', password } });
      servers.push(server);
    });

    it('serves no workbench without the password, to this computer or to a rebound name', async () => {
      const variants: Record<string, string>[] = [{}, { Host: 'attacker.example', Origin: 'http://attacker.example' }];
      for (const headers of variants) {
        const answer = await request(workbenchUrl(server, sampleWorkspace), { headers });
        assert.notEqual(answer.status, 200, JSON.stringify(headers));
        assert.doesNotMatch(answer.body, WORKBENCH);
        assert.match(answer.location ?? '', /login/);
      }
    });

    it('refuses a wrong password and serves the workbench after the right one', async () => {
      const login = (pass: string) =>
        request(`${server.url}/login`, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ password: pass }).toString() });
      const wrong = await login('guess');
      assert.equal(wrong.cookie, undefined);
      const right = await login(password);
      assert.ok(right.cookie, 'a session cookie after the right password');
      const answer = await request(workbenchUrl(server, sampleWorkspace), { headers: { Cookie: right.cookie } });
      assert.equal(answer.status, 200);
      // The login page keeps the address's query, so the printed URL still loads the extension after it.
      const kept = await request(workbenchUrl(server, sampleWorkspace, [['extensionDevelopmentPath', '/x']]));
      assert.match(decodeURIComponent(kept.location ?? ''), /payload=\[\["extensionDevelopmentPath","\/x"\]\]/);
      assert.match(answer.body, WORKBENCH);
    });

    it('keeps workspace trust on and gives the extension no test seam', () => {
      const cmdline = fs.readFileSync(`/proc/${server.group.pid}/cmdline`, 'utf8').split('\0');
      assert.ok(!cmdline.includes('--disable-workspace-trust'));
      assert.deepEqual(cmdline.slice(cmdline.indexOf('--auth'), cmdline.indexOf('--auth') + 2), ['--auth', 'password']);
      const environ = environOf(server.group.pid);
      assert.equal(environ.has('SVC_TEST_HARNESS'), false);
      const settings = JSON.parse(fs.readFileSync(path.join(path.dirname(cmdline[cmdline.indexOf('--config') + 1] as string), 'user-data', 'User', 'settings.json'), 'utf8')) as Record<string, unknown>;
      assert.equal(settings['security.workspace.trust.enabled'], true);
    });
  });
});
