import { describe, expect, it } from 'vitest';
import { backends, type Envelope, type Tokens, useApi } from '../../test/harness';

const PHONE = '79991234567';

for (const backend of backends) {
  describe.skipIf(!backend.available)(`phone sign-in (${backend.name})`, () => {
    const api = useApi(backend);

    async function setup(env: Record<string, string> = {}) {
      const t = await api.setup({ PUSH_SIGNIN: 'off', ...env });
      const anon = await t.anonymous('web_abcdefghijklmnop');
      return { ...t, token: anon.access_token, anon };
    }

    describe('by SMS', () => {
      it('signs in with the code from the SMS and adopts the anonymous profile', async () => {
        const t = await setup();
        const sent = await t.sendAuth(PHONE, t.token);
        expect(sent.status).toBe(200);
        expect(sent.body).toEqual({
          code: 200,
          success: true,
          response: { is_goodline: false, async_auth_uuid: null, resend_after: 60, code_ttl: 120 },
        });

        const sms = await t.app.inject({ method: 'GET', url: `/sandbox/sms?phone=${PHONE}` });
        expect(sms.json()).toEqual([
          {
            phone: PHONE,
            text: expect.stringMatching(/^Код для входа в Кадр: \d{4}$/),
            created_at: expect.any(String),
          },
        ]);

        const res = await t.authApp(PHONE, await t.lastCode(PHONE), t.token);
        expect(res.status).toBe(200);
        expect(res.body.response).toEqual({
          access_token: expect.any(String),
          refresh_token: expect.any(String),
          profile_id: t.anon.profile_id,
          expires_in: 900,
          token_type: 'Bearer',
          phone: PHONE,
        });
        const profile = await t.call('POST', '/v1/agregator/getProfile', {
          token: res.body.response.access_token as string,
        });
        expect(profile.body.response).toEqual({
          profile_id: t.anon.profile_id,
          phone: PHONE,
          external_accounts: [],
        });
      });

      it('ends the anonymous session on sign-in (no token gains the phone rights)', async () => {
        const t = await setup();
        await t.sendAuth(PHONE, t.token);
        await t.authApp(PHONE, await t.lastCode(PHONE), t.token);
        const old = await t.call('POST', '/v1/agregator/getProfile', { token: t.token });
        expect(old.body).toMatchObject({ code: 910, success: false, response: { error: 'session_invalid' } });
      });

      it('moves a second device to the phone profile that already exists', async () => {
        const t = await setup();
        const first = await t.signIn(PHONE, 'web_firstdevice00001');
        const second = await t.anonymous('web_seconddevice0001');
        expect(second.profile_id).not.toBe(first.profile_id);
        await t.sendAuth(PHONE, second.access_token);
        // The 60 s resend lock belongs to the phone, whoever asks.
        expect((await t.sendAuth(PHONE, second.access_token)).status).toBe(429);
        t.clock.advance(61);
        await t.sendAuth(PHONE, second.access_token);
        const res = await t.authApp(PHONE, await t.lastCode(PHONE), second.access_token);
        expect(res.body.response).toMatchObject({ profile_id: first.profile_id, phone: PHONE });
      });

      it('gives the device a fresh anonymous profile after its profile got a phone', async () => {
        const t = await setup();
        await t.sendAuth(PHONE, t.token);
        await t.authApp(PHONE, await t.lastCode(PHONE), t.token);
        const again = await t.anonymous('web_abcdefghijklmnop');
        expect(again.profile_id).not.toBe(t.anon.profile_id);
      });

      it('takes the code only from the session that asked for it', async () => {
        const t = await setup();
        await t.sendAuth(PHONE, t.token);
        const code = await t.lastCode(PHONE);
        const other = await t.anonymous('web_someoneelse00001');
        expect((await t.authApp(PHONE, code)).body).toMatchObject({
          code: 520,
          response: { error: 'code_expired' },
        });
        expect((await t.authApp(PHONE, code, other.access_token)).body.code).toBe(520);
        expect((await t.authApp(PHONE, code, t.token)).status).toBe(200);
      });

      it('lets no other session guess or burn the code a viewer is typing', async () => {
        const t = await setup();
        await t.sendAuth(PHONE, t.token);
        const code = await t.lastCode(PHONE);
        const attacker = await t.anonymous('web_attacker00000001');
        const wrong = code === '0000' ? '1111' : '0000';
        for (let i = 0; i < 5; i++) {
          expect((await t.authApp(PHONE, wrong, attacker.access_token, {}, '192.0.2.66')).body.code).toBe(
            520,
          );
        }
        expect((await t.authApp(PHONE, code, t.token)).status).toBe(200);
      });

      it('keeps the code a viewer is typing when someone else asks for a code to the same phone', async () => {
        const t = await setup();
        await t.sendAuth(PHONE, t.token);
        const code = await t.lastCode(PHONE);
        t.clock.advance(61);
        const attacker = await t.anonymous('web_attacker00000001');
        expect((await t.sendAuth(PHONE, attacker.access_token, '192.0.2.66')).status).toBe(200);
        expect((await t.authApp(PHONE, code, t.token)).status).toBe(200);
      });

      it('answers 502 «Неверный код» to a wrong code, then still accepts the right one', async () => {
        const t = await setup();
        await t.sendAuth(PHONE, t.token);
        const code = await t.lastCode(PHONE);
        const wrong = code === '0000' ? '1111' : '0000';
        const res = await t.authApp(PHONE, wrong, t.token);
        expect(res.status).toBe(422);
        expect(res.body).toEqual({
          code: 502,
          success: false,
          response: { error: 'wrong_code', message: 'Неверный код' },
        });
        expect((await t.authApp(PHONE, code, t.token)).status).toBe(200);
      });

      it('kills the attempt on the 5th wrong code (520), even for the right code after it', async () => {
        const t = await setup();
        await t.sendAuth(PHONE, t.token);
        const code = await t.lastCode(PHONE);
        const wrong = code === '0000' ? '1111' : '0000';
        const codes: number[] = [];
        for (let i = 0; i < 5; i++) codes.push((await t.authApp(PHONE, wrong, t.token)).body.code);
        expect(codes).toEqual([502, 502, 502, 502, 520]);
        const right = await t.authApp(PHONE, code, t.token);
        expect(right.status).toBe(410);
        expect(right.body).toMatchObject({ code: 520, response: { error: 'code_expired' } });
      });

      it('refuses a code after 120 seconds with 520', async () => {
        const t = await setup();
        await t.sendAuth(PHONE, t.token);
        const code = await t.lastCode(PHONE);
        t.clock.advance(119);
        t.clock.advance(1);
        const res = await t.authApp(PHONE, code, t.token);
        expect(res.body).toMatchObject({ code: 520, success: false, response: { error: 'code_expired' } });
      });

      it('accepts a code just before it expires', async () => {
        const t = await setup();
        await t.sendAuth(PHONE, t.token);
        t.clock.advance(119);
        expect((await t.authApp(PHONE, await t.lastCode(PHONE), t.token)).status).toBe(200);
      });

      it('signs in once per code', async () => {
        const t = await setup();
        await t.sendAuth(PHONE, t.token);
        const code = await t.lastCode(PHONE);
        const signedIn = await t.authApp(PHONE, code, t.token);
        expect(signedIn.status).toBe(200);
        const phoneSession = signedIn.body.response.access_token as string;
        expect((await t.authApp(PHONE, code, phoneSession)).body.code).toBe(520);
      });

      it('answers 520 when no code was sent to the phone', async () => {
        const t = await setup();
        expect((await t.authApp(PHONE, '1234', t.token)).body.code).toBe(520);
      });

      it('only the newest code works after a resend', async () => {
        const t = await setup();
        await t.sendAuth(PHONE, t.token);
        const first = await t.lastCode(PHONE);
        t.clock.advance(60);
        await t.sendAuth(PHONE, t.token);
        const second = await t.lastCode(PHONE);
        if (first !== second) expect((await t.authApp(PHONE, first, t.token)).body.code).toBe(502);
        expect((await t.authApp(PHONE, second, t.token)).status).toBe(200);
      });

      it('refuses wrong client credentials with 401 invalid_client', async () => {
        const t = await setup();
        await t.sendAuth(PHONE, t.token);
        const res = await t.authApp(PHONE, await t.lastCode(PHONE), t.token, { client_secret: 'nope' });
        expect(res.status).toBe(401);
        expect(res.body).toMatchObject({ code: 401, response: { error: 'invalid_client' } });
      });

      it('requires a session for sendAuth (910), read from Authorization or X-Access-Token', async () => {
        const t = await setup();
        const body = { auth_type: 'phone', uid: PHONE };
        const none = await t.call('POST', '/v1/agregator/sendAuth', { body });
        expect(none.body).toMatchObject({ code: 910, response: { error: 'session_invalid' } });
        const viaHeader = await t.call('POST', '/v1/agregator/sendAuth', {
          body,
          headers: { 'x-access-token': t.token },
        });
        expect(viaHeader.status).toBe(200);
      });
    });

    describe('limits', () => {
      it('refuses a new code within 60 s with 429 resend_too_early and retry_after', async () => {
        const t = await setup();
        await t.sendAuth(PHONE, t.token);
        t.clock.advance(20);
        const res = await t.sendAuth(PHONE, t.token);
        expect(res.status).toBe(429);
        expect(res.headers['retry-after']).toBe('40');
        expect(res.body).toMatchObject({
          code: 429,
          success: false,
          response: { error: 'resend_too_early', retry_after: 40 },
        });
        t.clock.advance(40);
        expect((await t.sendAuth(PHONE, t.token)).status).toBe(200);
      });

      it('sends a phone at most 5 codes an hour', async () => {
        const t = await setup();
        for (let i = 0; i < 5; i++) {
          expect((await t.sendAuth(PHONE, t.token)).status).toBe(200);
          t.clock.advance(61);
        }
        const res = await t.sendAuth(PHONE, t.token);
        expect(res.body).toMatchObject({ code: 429, response: { error: 'rate_limited' } });
        // The first send (in the 10:00–10:01 bucket of the rolling hour) leaves the window at 11:01.
        expect(res.body.response.retry_after).toBe(3600 + 60 - 5 * 61);
      });

      it('sends a phone at most 10 codes a day', async () => {
        const t = await setup({
          RATE_LIMIT_PHONE_HOUR: '100',
          RATE_LIMIT_PHONE_DAY: '3',
          ACCESS_TOKEN_TTL: '86400',
        });
        for (let i = 0; i < 3; i++) {
          expect((await t.sendAuth(PHONE, t.token)).status).toBe(200);
          t.clock.advance(3600);
        }
        expect((await t.sendAuth(PHONE, t.token)).body.response).toMatchObject({ error: 'rate_limited' });
      });

      it('limits codes per client address', async () => {
        const t = await setup({ RATE_LIMIT_IP_HOUR: '3' });
        for (let i = 0; i < 3; i++)
          expect((await t.sendAuth(`7999000000${i}`, t.token, '10.1.1.1')).status).toBe(200);
        expect((await t.sendAuth('79990000009', t.token, '10.1.1.1')).body.response).toMatchObject({
          error: 'rate_limited',
        });
        expect((await t.sendAuth('79990000009', t.token, '10.1.1.2')).status).toBe(200);
      });

      it('limits codes per client subnet, beside the address (issue 24, item 5)', async () => {
        const t = await setup({ RATE_LIMIT_IP_HOUR: '2', RATE_LIMIT_SUBNET_HOUR: '3' });
        for (let i = 0; i < 3; i++)
          expect((await t.sendAuth(`7999000000${i}`, t.token, `10.1.1.${i}`)).status).toBe(200);
        expect((await t.sendAuth('79990000009', t.token, '10.1.1.200')).body.response).toMatchObject({
          error: 'rate_limited',
        });
        expect((await t.sendAuth('79990000009', t.token, '10.1.2.1')).status).toBe(200);
      });

      it('keeps a device that signed in to the phone before out of the budget strangers share', async () => {
        const t = await setup();
        const owner = 'web_ownersdevice0001';
        const signedIn = await t.signIn(PHONE, owner);
        await t.call('POST', '/v1/agregator/logout', { token: signedIn.access_token });
        const attacker = await t.anonymous('web_attacker00000001');
        // With the owner's first sign-in, 5 codes: the strangers' hour for the phone is spent.
        for (let i = 0; i < 4; i++) {
          t.clock.advance(61);
          expect((await t.sendAuth(PHONE, attacker.access_token, '192.0.2.66')).status).toBe(200);
        }
        t.clock.advance(61);
        const stranger = await t.anonymous('web_newdevice0000001');
        expect((await t.sendAuth(PHONE, stranger.access_token, '198.51.100.9')).body).toMatchObject({
          code: 429,
          response: { error: 'rate_limited' },
        });
        const ownerAgain = await t.anonymous(owner);
        expect((await t.sendAuth(PHONE, ownerAgain.access_token, '198.51.100.5')).status).toBe(200);
        expect((await t.authApp(PHONE, await t.lastCode(PHONE), ownerAgain.access_token)).status).toBe(200);
      });

      it('counts the phone hour over a rolling hour, not from the top of the clock hour', async () => {
        const t = await setup({ RATE_LIMIT_PHONE_HOUR: '2', ACCESS_TOKEN_TTL: '86400' });
        t.clock.advance(58 * 60);
        expect((await t.sendAuth(PHONE, t.token)).status).toBe(200);
        t.clock.advance(61);
        expect((await t.sendAuth(PHONE, t.token)).status).toBe(200);
        t.clock.advance(61);
        // 11:00:02 — a fixed window would have started again at 11:00.
        expect((await t.sendAuth(PHONE, t.token)).body).toMatchObject({
          code: 429,
          response: { error: 'rate_limited' },
        });
      });

      it('lets nobody block a whole number prefix: a requester is limited by its own network', async () => {
        const t = await setup();
        // Far beyond the old per-prefix budget (30 an hour), each from its own address.
        for (let i = 0; i < 32; i++) {
          const phone = `7999111${String(i).padStart(4, '0')}`;
          expect((await t.sendAuth(phone, t.token, `10.2.0.${i + 1}`)).status, phone).toBe(200);
        }
        expect((await t.sendAuth('79991119999', t.token, '10.3.0.1')).status).toBe(200);
      });

      it('refuses with 503 and retry_after once the hourly SMS budget of the service is spent', async () => {
        const t = await setup({ RATE_LIMIT_SMS_HOUR: '2', ACCESS_TOKEN_TTL: '86400' });
        expect((await t.sendAuth('79990000001', t.token, '10.4.0.1')).status).toBe(200);
        expect((await t.sendAuth('79990000002', t.token, '10.4.0.2')).status).toBe(200);
        const refused = await t.sendAuth('79990000003', t.token, '10.4.0.3');
        expect(refused.status).toBe(503);
        expect(refused.body).toEqual({
          code: 503,
          success: false,
          response: {
            error: 'sms_budget_exhausted',
            message: 'Не удалось отправить код. Попробуйте позже',
            retry_after: 3660,
          },
        });
        const sms = await t.app.inject({ method: 'GET', url: '/sandbox/sms?phone=79990000003' });
        expect(sms.json()).toEqual([]);
        t.clock.advance(3660);
        expect((await t.sendAuth('79990000003', t.token, '10.4.0.3')).status).toBe(200);
      });

      /** An attacker's session on its own network spends `n` wrong codes on the phone, `perCode` a code. */
      async function guess(t: Awaited<ReturnType<typeof setup>>, n: number, perCode = 4, ip = '192.0.2.66') {
        const attacker = await t.anonymous(`web_attacker${ip.replaceAll('.', '')}`);
        const answers: number[] = [];
        while (answers.length < n) {
          expect((await t.sendAuth(PHONE, attacker.access_token, ip)).status).toBe(200);
          const wrong = (await t.lastCode(PHONE)) === '0000' ? '1111' : '0000';
          for (let i = 0; i < perCode && answers.length < n; i++)
            answers.push((await t.authApp(PHONE, wrong, attacker.access_token, {}, ip)).body.code);
          t.clock.advance(61);
        }
        return answers;
      }

      it('lets the viewer sign in with the right code after someone spent the phone’s wrong codes', async () => {
        const t = await setup({ RATE_LIMIT_PHONE_HOUR: '10' });
        expect(await guess(t, 10)).toEqual(Array(10).fill(502));
        expect((await t.sendAuth(PHONE, t.token, '198.51.100.5')).status).toBe(200);
        expect((await t.authApp(PHONE, await t.lastCode(PHONE), t.token, {}, '198.51.100.5')).status).toBe(
          200,
        );
      });

      it('steps a phone under attack up to one try per code instead of locking it', async () => {
        const t = await setup({ RATE_LIMIT_PHONE_HOUR: '10', ACCESS_TOKEN_TTL: '200000' });
        await guess(t, 10);
        // The phone's 10 wrong codes in 24 h are spent: the next wrong code burns its code at once.
        expect(await guess(t, 2, 2, '192.0.2.77')).toEqual([520, 520]);
        await t.sendAuth(PHONE, t.token, '198.51.100.5');
        const code = await t.lastCode(PHONE);
        const wrong = code === '0000' ? '1111' : '0000';
        const burnt = await t.authApp(PHONE, wrong, t.token, {}, '198.51.100.5');
        expect(burnt.body).toMatchObject({ code: 520, response: { error: 'code_attempts_exhausted' } });
        t.clock.advance(61);
        await t.sendAuth(PHONE, t.token, '198.51.100.5');
        expect((await t.authApp(PHONE, await t.lastCode(PHONE), t.token, {}, '198.51.100.5')).status).toBe(
          200,
        );
        // A day after the guesses, codes have their 5 tries again.
        t.clock.advance(86_400 + 3600);
        const later = await t.anonymous();
        await t.sendAuth(PHONE, later.access_token, '198.51.100.5');
        const fresh = await t.lastCode(PHONE);
        const miss = await t.authApp(
          PHONE,
          fresh === '0000' ? '1111' : '0000',
          later.access_token,
          {},
          '198.51.100.5',
        );
        expect(miss.body).toMatchObject({ code: 502, response: { error: 'wrong_code' } });
      });

      it('refuses the guessing network (429), over a rolling 24 h, and only it', async () => {
        const t = await setup({
          RATE_LIMIT_WRONG_CODES_DAY: '3',
          RATE_LIMIT_WRONG_CODES_IP_DAY: '3',
          ACCESS_TOKEN_TTL: '86400',
        });
        t.clock.advance(13 * 3600 + 50 * 60); // 23:50 UTC
        expect(await guess(t, 3, 3)).toEqual([502, 502, 502]);
        t.clock.advance(20 * 60); // 00:10 UTC the next day: a fixed UTC day would have started again
        const refused = await guess(t, 1);
        expect(refused).toEqual([429]);
        const attacker = await t.anonymous('web_attacker192026');
        t.clock.advance(61);
        await t.sendAuth(PHONE, attacker.access_token, '192.0.2.66');
        const again = await t.authApp(PHONE, '0000', attacker.access_token, {}, '192.0.2.66');
        expect(again.body).toMatchObject({ code: 429, response: { error: 'too_many_wrong_codes' } });
        expect(again.body.response.retry_after).toBeGreaterThan(23 * 3600);
        t.clock.advance(61);
        await t.sendAuth(PHONE, t.token, '198.51.100.5');
        expect((await t.authApp(PHONE, await t.lastCode(PHONE), t.token, {}, '198.51.100.5')).status).toBe(
          200,
        );
      });

      it('does not count right codes against the daily wrong-code budget', async () => {
        const t = await setup({ RATE_LIMIT_WRONG_CODES_DAY: '1', RATE_LIMIT_PHONE_HOUR: '50' });
        for (let i = 0; i < 3; i++) {
          const anon = await t.anonymous();
          await t.sendAuth(PHONE, anon.access_token);
          expect((await t.authApp(PHONE, await t.lastCode(PHONE), anon.access_token)).status).toBe(200);
          t.clock.advance(61);
        }
      });

      it('answers the same for known and unknown numbers', async () => {
        const t = await setup({ PUSH_SIGNIN: 'on' });
        const known = '79990000001';
        await t.signIn(known);
        t.clock.advance(61);
        const a = await t.sendAuth(known, t.token);
        const b = await t.sendAuth('79990000002', t.token);
        const shape = (r: typeof a) => ({
          status: r.status,
          ...r.body,
          response: { ...r.body.response, async_auth_uuid: typeof r.body.response.async_auth_uuid },
        });
        expect(shape(a)).toEqual(shape(b));
        expect(a.body.response.async_auth_uuid).toEqual(expect.any(String));
        await expect(t.lastCode('79990000002')).resolves.toMatch(/^\d{4}$/);
      });

      it('answers is_goodline and sends nothing on the blocked provider network', async () => {
        const t = await setup({ GOODLINE_IP_RANGES: '203.0.113.0/24, 2001:db8::/32' });
        for (const ip of ['203.0.113.7', '::ffff:203.0.113.9', '2001:db8::1']) {
          const res = await t.sendAuth(PHONE, t.token, ip);
          expect(res.body.response, ip).toEqual({
            is_goodline: true,
            async_auth_uuid: null,
            resend_after: 0,
            code_ttl: 0,
          });
        }
        const sms = await t.app.inject({ method: 'GET', url: `/sandbox/sms?phone=${PHONE}` });
        expect(sms.json()).toEqual([]);
        expect((await t.sendAuth(PHONE, t.token, '198.51.100.1')).body.response).toMatchObject({
          is_goodline: false,
        });
      });
    });

    describe('by push', () => {
      async function pushStart(t: Awaited<ReturnType<typeof setup>>) {
        const sent = await t.sendAuth(PHONE, t.token);
        const uuid = sent.body.response.async_auth_uuid as string;
        const inbox = await t.app.inject({ method: 'GET', url: `/sandbox/push.json?phone=${PHONE}` });
        const [push] = inbox.json() as Array<{ async_auth_uuid: string; verify_code: string }>;
        expect(push?.async_auth_uuid).toBe(uuid);
        const check = () =>
          t.call('POST', '/v1/agregator/asyncAuthCheck', { token: t.token, body: { async_auth_uuid: uuid } });
        const status = async () => (await check()).body.response.asyncAuthStatus;
        return { uuid, code: push!.verify_code, status };
      }
      const confirm = (t: Awaited<ReturnType<typeof setup>>, body: Record<string, string>) =>
        t.call('POST', '/v1/agregator/asyncAuthConfirm', { body });
      const mobileId = (t: Awaited<ReturnType<typeof setup>>, uuid: string, token: string | null = t.token) =>
        t.authApp(PHONE, '', token ?? undefined, {
          auth_type: 'mobile_id',
          verify_code: undefined,
          async_auth_uuid: uuid,
        });

      it('signs in after the phone confirms the push', async () => {
        const t = await setup({ PUSH_SIGNIN: 'on' });
        const p = await pushStart(t);
        expect(p.code).toBe(await t.lastCode(PHONE));
        expect(await p.status()).toBe('pending');
        const confirmed = await confirm(t, {
          async_auth_uuid: p.uuid,
          verify_code: p.code,
          decision: 'accept',
        });
        expect(confirmed.body).toEqual({
          code: 200,
          success: true,
          response: { asyncAuthStatus: 'accepted' },
        });
        expect(await p.status()).toBe('accepted');
        const res = await mobileId(t, p.uuid);
        expect(res.status).toBe(200);
        expect(res.body.response).toMatchObject({ profile_id: t.anon.profile_id, phone: PHONE });
        // An accepted attempt signs in once.
        expect((await mobileId(t, p.uuid, null)).body.code).toBe(520);
      });

      it('signs in after the viewer types the SMS code (asyncAuthSMSVerify)', async () => {
        const t = await setup({ PUSH_SIGNIN: 'on' });
        const p = await pushStart(t);
        const verify = (code: string) =>
          t.call('POST', '/v1/agregator/asyncAuthSMSVerify', {
            token: t.token,
            body: { async_auth_uuid: p.uuid, verify_code: code },
          });
        expect((await verify(p.code === '0000' ? '1111' : '0000')).body.code).toBe(502);
        expect((await verify(p.code)).body.response).toEqual({ asyncAuthStatus: 'accepted' });
        expect(await p.status()).toBe('accepted');
        expect((await mobileId(t, p.uuid)).status).toBe(200);
      });

      it('lets only the session that asked for the push see, verify or complete it', async () => {
        const t = await setup({ PUSH_SIGNIN: 'on' });
        const p = await pushStart(t);
        const other = await t.anonymous('web_someoneelse00001');
        const check = (token: string) =>
          t.call('POST', '/v1/agregator/asyncAuthCheck', { token, body: { async_auth_uuid: p.uuid } });
        expect((await check(other.access_token)).body.response).toEqual({ asyncAuthStatus: 'not found' });
        const verify = await t.call('POST', '/v1/agregator/asyncAuthSMSVerify', {
          token: other.access_token,
          body: { async_auth_uuid: p.uuid, verify_code: p.code },
        });
        expect(verify.body).toMatchObject({ code: 520, response: { error: 'code_expired' } });
        await confirm(t, { async_auth_uuid: p.uuid, verify_code: p.code, decision: 'accept' });
        expect((await check(other.access_token)).body.response).toEqual({ asyncAuthStatus: 'not found' });
        expect((await mobileId(t, p.uuid, other.access_token)).body.code).toBe(520);
        expect((await mobileId(t, p.uuid, null)).body.code).toBe(520);
        expect((await mobileId(t, p.uuid)).status).toBe(200);
      });

      it('shows the phone who asked: device, network and time', async () => {
        const t = await setup({ PUSH_SIGNIN: 'on' });
        await t.call('POST', '/v1/agregator/sendAuth', {
          token: t.token,
          ip: '2001:db8:aa:bb::5',
          headers: { 'x-device-platform': 'ANDROID_WEB' },
          body: { auth_type: 'phone', uid: PHONE },
        });
        const inbox = await t.app.inject({ method: 'GET', url: `/sandbox/push.json?phone=${PHONE}` });
        expect((inbox.json() as Array<{ requester: unknown }>)[0]?.requester).toEqual({
          device: 'браузер на Android',
          network: '2001:db8:aa:bb::/64',
          at: '2030-01-15T10:00:00.000Z',
        });
        const page = await t.app.inject({ method: 'GET', url: `/sandbox/push?phone=${PHONE}` });
        expect(page.body).toContain('Запрос: браузер на Android, сеть 2001:db8:aa:bb::/64');
        expect(page.body).toContain('Вход в Кадр в 10:00:00 UTC');
      });

      it('reports rejected and refuses the login when the phone rejects', async () => {
        const t = await setup({ PUSH_SIGNIN: 'on' });
        const p = await pushStart(t);
        const res = await confirm(t, { async_auth_uuid: p.uuid, verify_code: p.code, decision: 'reject' });
        expect(res.body.response).toEqual({ asyncAuthStatus: 'rejected' });
        expect(await p.status()).toBe('rejected');
        const login = await mobileId(t, p.uuid);
        expect(login.body).toMatchObject({ code: 424, response: { error: 'sign_in_not_accepted' } });
      });

      it('refuses mobile_id before the push is accepted (424)', async () => {
        const t = await setup({ PUSH_SIGNIN: 'on' });
        const p = await pushStart(t);
        expect((await mobileId(t, p.uuid)).body.code).toBe(424);
      });

      it('refuses a confirmation with the wrong code (502)', async () => {
        const t = await setup({ PUSH_SIGNIN: 'on' });
        const p = await pushStart(t);
        const res = await confirm(t, {
          async_auth_uuid: p.uuid,
          verify_code: p.code === '0000' ? '1111' : '0000',
          decision: 'accept',
        });
        expect(res.body).toMatchObject({ code: 502, response: { message: 'Неверный код' } });
        expect(await p.status()).toBe('pending');
      });

      it('reports not found, pending, and error once expired', async () => {
        const t = await setup({ PUSH_SIGNIN: 'on' });
        const unknown = await t.call('POST', '/v1/agregator/asyncAuthCheck', {
          token: t.token,
          body: { async_auth_uuid: '00000000-0000-4000-8000-000000000000' },
        });
        expect(unknown.body.response).toEqual({ asyncAuthStatus: 'not found' });
        const p = await pushStart(t);
        expect(await p.status()).toBe('pending');
        t.clock.advance(120);
        expect(await p.status()).toBe('error');
        const late = await confirm(t, { async_auth_uuid: p.uuid, verify_code: p.code, decision: 'accept' });
        expect(late.body.code).toBe(520);
      });

      it('lists the pending sign-in on the sandbox push page, escaped', async () => {
        const t = await setup({ PUSH_SIGNIN: 'on' });
        const p = await pushStart(t);
        const page = await t.app.inject({ method: 'GET', url: `/sandbox/push?phone=${PHONE}` });
        expect(page.headers['content-type']).toMatch(/text\/html/);
        expect(page.body).toContain('Подтвердить вход');
        expect(page.body).toContain('Отклонить');
        expect(page.body).toContain(`data-uuid="${p.uuid}"`);
        expect(page.body).toContain('/v1/agregator/asyncAuthConfirm');
        const bad = await t.app.inject({ method: 'GET', url: '/sandbox/push?phone=%3Cscript%3E' });
        expect(bad.statusCode).toBe(400);
        expect(bad.body).not.toContain('<script>');
      });

      it('does not return an async uuid when push sign-in is off', async () => {
        const t = await setup({ PUSH_SIGNIN: 'off' });
        const sent = await t.sendAuth(PHONE, t.token);
        expect(sent.body.response).toMatchObject({ async_auth_uuid: null });
      });
    });

    it('returns session tokens usable for the profile', async () => {
      const t = await setup();
      const tokens: Tokens = await t.signIn('79995554433');
      const res = await t.call<Envelope>('POST', '/v1/agregator/getProfile', { token: tokens.access_token });
      expect(res.body.response).toMatchObject({ phone: '79995554433' });
    });
  });
}
