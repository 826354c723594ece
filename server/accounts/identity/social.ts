// The place for social sign-on (Google, Facebook, Apple, OpenID Connect). None is configured yet:
// a provider only has to turn the credentials the SDK posts to /identity/public/v1/auth/login
// (grantType 'google', 'facebook', 'apple' or an OIDC client id) into a verified profile; the
// identity router finds or creates the account and opens the session.

export type SocialIdentityType = "Google" | "Facebook" | "Apple" | "OIDC";

export interface SocialProfile {
  /** The provider's stable user id (the OIDC "sub"). */
  subject: string;
  email?: string;
  /** Only a verified e-mail may be linked to an existing account with the same address. */
  emailVerified?: boolean;
  firstName?: string;
  lastName?: string;
  picture?: string;
}

export interface SocialProvider {
  /** The grantType the SDK sends, lower case: 'google', 'facebook', 'apple', or the OIDC client id. */
  readonly grantType: string;
  readonly identityType: SocialIdentityType;
  /** Verifies the credentials (an ID token, an access token, an authorisation code) with the provider. */
  verifyCredentials(credentials: string): Promise<SocialProfile>;
}
