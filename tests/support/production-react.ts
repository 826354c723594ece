// Integration and security files without a DOM serve pages as `npm start` does: with React's
// production build, which React chooses from NODE_ENV when first loaded (a fork's files share it:
// isolate: false). Its development build checks every render and made page rendering a fifth
// slower. Files with a DOM keep the development build: Testing Library's act() needs it (Vitest runs
// them in forks of their own).
if (typeof document === "undefined") process.env.NODE_ENV = "production";
