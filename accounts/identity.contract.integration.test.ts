// @vitest-environment jsdom
// Contract tests: the unmodified Arc identity SDK against the embedded Identity API, over HTTP.
import { describe, expect, it } from "vitest";
import { ACCESS_TOKEN_COOKIE } from "./entitlement";
import { ErrorCodes } from "./errors";
import { count, databaseTargets, lastMail } from "./testing/harness";
import { Identity, rejection, resetSdks, withSdkServer } from "./testing/sdk";

const PASSWORD = "Clave2024segura";

describe.each(databaseTargets)("Identity API with the Arc SDK on %s", (_name, database) => {
  const context = withSdkServer(database);
  let n = 0;
  const newEmail = () => `lector${++n}.${Date.now()}@example.com`;

  async function signUp(email = newEmail(), profile: Record<string, unknown> = {}) {
    await Identity.signUp({ userName: email, credentials: PASSWORD }, { email, firstName: "Ana", lastName: "Gómez", ...profile } as never);
    return email;
  }

  it("answers the config with captcha off", async () => {
    const config = (await Identity.getConfig()) as Record<string, unknown>;
    expect(config).toMatchObject({ signinRecaptcha: false, signupRecaptcha: false, magicLinkRecaptcha: false, resetPasswordRecaptcha: false });
  });

  it("signs up, stores identity and profile, and e-mails a verification link that verifies the address", async () => {
    const email = await signUp();
    expect(Identity.userIdentity.uuid).toMatch(/^[0-9a-f-]{36}$/);
    expect(Identity.userProfile).toMatchObject({ email, firstName: "Ana", displayName: "Ana", emailVerified: false, uuid: Identity.userIdentity.uuid });
    expect(Identity.userProfile!.identities[0]).toMatchObject({ type: "Identity", userName: email });
    const mail = await lastMail(context.server.db, email, "verificacion");
    expect(mail?.subject).toBe("Verifica tu correo electrónico");
    expect(mail?.url?.pathname).toBe("/verificar-correo/");
    await expect(Identity.verifyEmail(mail!.nonce!)).resolves.toBe(true);
    expect((await Identity.getUserProfile()).emailVerified).toBe(true);
    // A used link is refused.
    expect(await rejection(Identity.verifyEmail(mail!.nonce!))).toMatchObject({ code: ErrorCodes.notFound });
    await expect(Identity.requestVerifyEmail(email)).resolves.toBe(true);
  });

  it("refuses a second account with the same e-mail (300022) and stores nothing", async () => {
    const email = await signUp();
    resetSdks();
    const users = await count(context.server.db, "accounts_users");
    expect(await rejection(signUp(email.toUpperCase()))).toMatchObject({ code: ErrorCodes.emailAlreadyRegistered });
    expect(await count(context.server.db, "accounts_users")).toBe(users);
  });

  it("logs in with ?cookie=true (httpOnly access cookie), rejects a wrong password with 300040, logs out", async () => {
    const email = await signUp();
    resetSdks();
    context.jar.clear();
    expect(await rejection(Identity.login(email, "Incorrecta123"))).toMatchObject({ code: ErrorCodes.wrongPassword });
    const identity = await Identity.login(email, PASSWORD, { rememberMe: true, cookie: true });
    expect(identity.uuid).toBeTruthy();
    expect(localStorage.getItem("ArcId.USER_INFO")).toContain(identity.accessToken!);
    expect(context.jar.cookies.get(ACCESS_TOKEN_COOKIE)).toBe(identity.accessToken);
    expect(await Identity.isLoggedIn()).toBe(true);
    const token = identity.accessToken!;
    await Identity.logout();
    expect(Identity.userIdentity).toEqual({});
    expect(context.jar.cookies.has(ACCESS_TOKEN_COOKIE)).toBe(false);
    // The signed-out token no longer opens the profile.
    const response = await fetch(`${context.server.origin}/identity/public/v1/profile`, { headers: { Authorization: `Bearer ${token}` } });
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ code: ErrorCodes.sessionExpiredLogInAgain, message: expect.stringContaining("Missing or invalid jwt") });
  });

  it("reads and updates the profile; the uuid is dropped and validation applies", async () => {
    await signUp();
    const uuid = Identity.userIdentity.uuid;
    const updated = await Identity.updateUserProfile({
      uuid: "otro-uuid",
      firstName: "Ana María",
      secondLastName: "Pérez",
      displayName: "anamaria",
      birthYear: "1990",
      contacts: [{ phone: "3001234567", type: "PRIMARY" }],
      addresses: [{ line1: "Calle 100 # 10-20", locality: "Bogotá", region: "Cundinamarca", country: "CO", type: "HOME" }],
      attributes: [{ name: "boletin", value: "si", type: "String" }],
    } as never);
    expect(updated).toMatchObject({ uuid, firstName: "Ana María", secondLastName: "Pérez", displayName: "anamaria", birthYear: "1990" });
    expect(updated.addresses![0]).toMatchObject({ locality: "Bogotá", country: "CO" });
    expect(await rejection(Identity.updateUserProfile({ firstName: "Ana<script>" } as never))).toMatchObject({ code: ErrorCodes.nameInvalidCharacters });
    expect((await Identity.getUserProfile()).firstName).toBe("Ana María");
  });

  it("changes the e-mail only with the current password, storing nothing otherwise; the new address must be verified and the old one is told", async () => {
    const oldEmail = await signUp();
    await Identity.verifyEmail((await lastMail(context.server.db, oldEmail, "verificacion"))!.nonce!);
    const uuid = Identity.userIdentity.uuid!;
    // A link sent to the old address before the change.
    await Identity.requestOTALink(oldEmail);
    const oldLink = await lastMail(context.server.db, oldEmail, "enlace-magico");
    const changedTo = newEmail();
    // The SDK sends whatever profile it is given: the same address (in any case) needs no password.
    await expect(
      Identity.updateUserProfile({ ...Identity.userProfile, email: oldEmail.toUpperCase(), firstName: "Ana Lucía" } as never),
    ).resolves.toMatchObject({
      email: oldEmail,
      emailVerified: true,
      firstName: "Ana Lucía",
    });

    const state = async () => ({
      user: (await context.server.db.query("SELECT email, email_verified, modified_at FROM accounts_users WHERE uuid = $1", [uuid])).rows,
      identities: (await context.server.db.query("SELECT user_name, modified_at FROM accounts_identities WHERE user_uuid = $1", [uuid])).rows,
      nonces: await count(context.server.db, "accounts_nonces", "user_uuid = $1 AND used_at IS NULL", [uuid]),
      outbox: await count(context.server.db, "accounts_outbox"),
    });
    const before = await state();
    expect(await rejection(Identity.updateUserProfile({ email: changedTo } as never))).toMatchObject({
      code: ErrorCodes.badRequest,
      field: "currentPassword",
      message: "Escribe tu contraseña actual para cambiar el correo electrónico",
    });
    expect(await rejection(Identity.updateUserProfile({ email: changedTo, currentPassword: "Incorrecta123" } as never))).toMatchObject({
      code: ErrorCodes.wrongPassword,
      field: "currentPassword",
    });
    expect(await state()).toEqual(before);
    expect(await lastMail(context.server.db, changedTo)).toBeNull();

    const changed = await Identity.updateUserProfile({ email: changedTo, currentPassword: PASSWORD } as never);
    expect(changed).toMatchObject({ uuid, email: changedTo, emailVerified: false, identities: [{ type: "Identity", userName: changedTo }] });
    const notice = await lastMail(context.server.db, oldEmail);
    expect(notice).toMatchObject({ kind: "correo-cambiado", subject: "El correo de tu cuenta cambió" });
    expect(notice!.text_body).toContain("se cambió el correo electrónico de tu cuenta");
    expect(notice!.text_body).toContain("Si no fuiste tú");
    expect(notice!.text_body).not.toContain(changedTo);
    expect(notice!.url?.pathname).toBe("/enos/");
    // The old address's link no longer acts on the account; it no longer signs in.
    expect(await rejection(Identity.redeemOTALink(oldLink!.nonce!))).toMatchObject({ code: ErrorCodes.notFound });
    resetSdks();
    expect(await rejection(Identity.login(oldEmail, PASSWORD))).toMatchObject({ code: ErrorCodes.wrongPassword });
    await expect(Identity.login(changedTo, PASSWORD)).resolves.toMatchObject({ uuid });
    await Identity.verifyEmail((await lastMail(context.server.db, changedTo, "verificacion"))!.nonce!);
    await expect(Identity.getUserProfile()).resolves.toMatchObject({ email: changedTo, emailVerified: true });
  });

  it("changes the password (old one wrong: 300040; weak: 300036) and signs out other devices", async () => {
    const email = await signUp();
    const otherDevice = (await (
      await fetch(`${context.server.origin}/identity/public/v1/auth/login`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ userName: email, credentials: PASSWORD, grantType: "password" }),
      })
    ).json()) as { accessToken: string };
    expect(await rejection(Identity.updatePassword("NoEsLaClave1", "NuevaClave2025"))).toMatchObject({ code: ErrorCodes.wrongPassword });
    expect(await rejection(Identity.updatePassword(PASSWORD, "corta"))).toMatchObject({ code: ErrorCodes.passwordStrength });
    await expect(Identity.updatePassword(PASSWORD, "NuevaClave2025")).resolves.toBe(true);
    await expect(Identity.getUserProfile()).resolves.toMatchObject({ email });
    const other = await fetch(`${context.server.origin}/identity/public/v1/profile`, { headers: { Authorization: `Bearer ${otherDevice.accessToken}` } });
    expect(other.status).toBe(401);
    resetSdks();
    await expect(Identity.login(email, "NuevaClave2025")).resolves.toMatchObject({ uuid: expect.any(String) });
  });

  it("extends the session with a rotated refresh token; reusing the old one revokes the whole family", async () => {
    await signUp();
    const first = { ...Identity.userIdentity };
    const extended = await Identity.extendSession();
    expect(extended.refreshToken).not.toBe(first.refreshToken);
    expect(extended.uuid).toBe(first.uuid);
    await expect(Identity.getUserProfile()).resolves.toMatchObject({ uuid: first.uuid });
    // Past the grace for two tabs, the old refresh token is presented again: theft.
    context.server.advance(11_000);
    const reuse = await fetch(`${context.server.origin}/identity/public/v1/auth/token`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ token: first.refreshToken, grantType: "refresh-token" }),
    });
    expect(reuse.status).toBe(401);
    localStorage.removeItem("ArcId.USER_PROFILE_EXPIRED_TIME");
    expect(await rejection(Identity.getUserProfile())).toMatchObject({ code: ErrorCodes.sessionExpiredLogInAgain });
    // The newest refresh token of the family is dead too: the SDK clears the session.
    expect(await rejection(Identity.extendSession())).toMatchObject({ code: ErrorCodes.sessionExpiredLogInAgain });
    expect(Identity.userIdentity).toEqual({});
  });

  it("refuses a tampered access token and an expired one with the SDK's message", async () => {
    await signUp();
    const token = Identity.userIdentity.accessToken!;
    const [header, payload, signature] = token.split(".");
    const claims = JSON.parse(Buffer.from(payload, "base64url").toString());
    const forged = `${header}.${Buffer.from(JSON.stringify({ ...claims, uuid: "00000000-0000-0000-0000-000000000000" })).toString("base64url")}.${signature}`;
    Identity.userIdentity = { ...Identity.userIdentity, accessToken: forged };
    expect(await rejection(Identity.getUserProfile())).toMatchObject({
      code: ErrorCodes.sessionExpiredLogInAgain,
      message: expect.stringContaining("Missing or invalid jwt"),
    });
    Identity.userIdentity = { ...Identity.userIdentity, accessToken: token };
    context.server.advance(16 * 60 * 1000);
    expect(await rejection(Identity.getUserProfile())).toMatchObject({
      code: ErrorCodes.sessionExpired,
      message: expect.stringContaining("Missing or invalid jwt"),
    });
    // The refresh token still works: a new access token opens the profile again.
    await Identity.extendSession();
    await expect(Identity.getUserProfile()).resolves.toMatchObject({ uuid: Identity.userIdentity.uuid });
  });

  it("resets a forgotten password through the e-mailed nonce; the nonce is single-use and expires (300033)", async () => {
    const email = await signUp();
    resetSdks();
    await expect(Identity.requestResetPassword(email)).resolves.toBe(true);
    // Unknown addresses get the same answer and no e-mail.
    await expect(Identity.requestResetPassword("nadie@example.com")).resolves.toBe(true);
    expect(await lastMail(context.server.db, "nadie@example.com")).toBeNull();
    const mail = await lastMail(context.server.db, email, "restablecer");
    expect(mail?.subject).toBe("Restablecer contraseña");
    expect(mail?.url?.pathname).toBe("/restablecer-contrasena/");
    expect(await rejection(Identity.resetPassword(mail!.nonce!, "debil"))).toMatchObject({ code: ErrorCodes.passwordStrength });
    await expect(Identity.resetPassword(mail!.nonce!, "Restablecida99")).resolves.toBe(true);
    expect(await rejection(Identity.resetPassword(mail!.nonce!, "OtraClave123"))).toMatchObject({ code: ErrorCodes.passwordRequestExpired });
    await expect(Identity.login(email, "Restablecida99")).resolves.toMatchObject({ uuid: expect.any(String) });

    await Identity.requestResetPassword(email);
    const second = await lastMail(context.server.db, email, "restablecer");
    context.server.advance(61 * 60 * 1000);
    expect(await rejection(Identity.resetPassword(second!.nonce!, "OtraClave123"))).toMatchObject({ code: ErrorCodes.passwordRequestExpired });
    resetSdks();
    await expect(Identity.login(email, "Restablecida99")).resolves.toMatchObject({ uuid: expect.any(String) });
  });

  it("signs in with a magic link (and the one-time-access names of the same calls)", async () => {
    const email = await signUp();
    const uuid = Identity.userIdentity.uuid;
    resetSdks();
    await expect(Identity.requestMagicLink(email)).resolves.toBe(true);
    const mail = await lastMail(context.server.db, email, "enlace-magico");
    expect(mail?.subject).toBe("Tu enlace mágico para ingresar");
    expect(mail?.url?.pathname).toBe("/enlace-magico/");
    const identity = await Identity.redeemMagicLink(mail!.nonce!);
    expect(identity.uuid).toBe(uuid);
    await expect(Identity.getUserProfile()).resolves.toMatchObject({ email, emailVerified: true });
    resetSdks();
    await Identity.requestOTALink(email);
    const ota = await lastMail(context.server.db, email, "enlace-magico");
    await expect(Identity.redeemOTALink(ota!.nonce!)).resolves.toMatchObject({ uuid });
    expect(await rejection(Identity.redeemOTALink(ota!.nonce!))).toMatchObject({ code: ErrorCodes.notFound });
  });

  it("answers settings, segments, the Google-linking token and a GDPR report", async () => {
    await signUp();
    await expect(Identity.getUserSettings()).resolves.toEqual({});
    await expect(Identity.getUserSegments()).resolves.toEqual({ id: 2, segment: "registrado" });
    expect(Identity.userSegments).toMatchObject({ uuid: Identity.userIdentity.uuid, segments: { segment: "registrado" } });
    const swg = await Identity.getSwgAccessToken();
    expect("accessToken" in swg && swg.accessToken).toBeTruthy();
    await expect(Identity.checkSwgLogin("un-token-de-google")).resolves.toEqual({ identityExists: false });
    await expect(Identity.listGdprReports()).resolves.toEqual([]);
    const created = await fetch(`${context.server.origin}/identity/public/v1/gdpr`, {
      method: "POST",
      headers: { Authorization: `Bearer ${Identity.userIdentity.accessToken}` },
    });
    expect(created.status).toBe(201);
    // Answered at once, prepared after the answer (docs/accounts.md#data-rights), then e-mailed about.
    expect(await created.json()).toMatchObject({ ready: false });
    const mail = await lastMail(context.server.db, Identity.userProfile!.email!, "datos-listos");
    expect(mail?.subject).toBe("La copia de tus datos está lista");
    expect(mail?.url?.pathname).toBe("/autogestion/datos-/");
    const reports = (await Identity.listGdprReports()) as Array<{ id: number; ready: boolean }>;
    expect(reports).toEqual([expect.objectContaining({ ready: true })]);
    const report = await Identity.getGdprReport(reports[0].id);
    expect(JSON.parse(report.data).profile.email).toBe(Identity.userProfile!.email);
  });

  it("deletes an account: decline keeps it, approve anonymises it and clears the session", async () => {
    const email = await signUp();
    const uuid = Identity.userIdentity.uuid!;
    await Identity.requestDeleteAccount();
    const first = await lastMail(context.server.db, email, "eliminar-cuenta");
    expect(first?.subject).toBe("Confirma la eliminación de tu cuenta");
    expect(await rejection(Identity.declineDeleteAccount(first!.nonce!, "PORQUE_SI" as never))).toMatchObject({ code: ErrorCodes.badRequest });
    await Identity.declineDeleteAccount(first!.nonce!, "CHANGED_MIND");
    await expect(Identity.getUserProfile()).resolves.toMatchObject({ email });
    await Identity.requestDeleteAccount();
    const second = await lastMail(context.server.db, email, "eliminar-cuenta");
    // The data report is downloadable before deciding.
    expect((await Identity.listGdprReports()) as unknown[]).toHaveLength(2);
    await Identity.approveDeleteAccount(second!.nonce!);
    expect(Identity.userIdentity).toEqual({});
    const { rows } = await context.server.db.query("SELECT email, first_name, status FROM accounts_users WHERE uuid = $1", [uuid]);
    expect(rows[0]).toEqual({ email: null, first_name: null, status: "Disabled" });
    expect(await rejection(Identity.login(email, PASSWORD))).toMatchObject({ code: ErrorCodes.wrongPassword });
    // The address is free again.
    await expect(signUp(email)).resolves.toBe(email);
  });

  it("lists every e-mail on the development mailbox, newest first, with its links", async () => {
    const email = await signUp();
    await Identity.requestResetPassword(email);
    const page = await (await fetch(`${context.server.origin}/dev/correo/`)).text();
    expect(page).toContain("Buzón de desarrollo");
    const reset = page.indexOf("Restablecer contraseña");
    const verify = page.indexOf("Verifica tu correo electrónico");
    expect(reset).toBeGreaterThan(-1);
    expect(reset).toBeLessThan(verify);
    expect(page).toMatch(/href="http:\/\/localhost:3000\/restablecer-contrasena\/\?nonce=[\w-]+"/);
    const { rows } = await context.server.db.query<{ id: number }>("SELECT id FROM accounts_outbox WHERE to_address = $1 ORDER BY id DESC LIMIT 1", [email]);
    const one = await fetch(`${context.server.origin}/dev/correo/${rows[0].id}`);
    expect(await one.text()).toContain("Restablecer mi contraseña");
  });
});
