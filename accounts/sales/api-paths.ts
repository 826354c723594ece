// Where the Sales API answers: the prefix that router.ts and the route files beside it share.
export const V1 = "/sales/public/v1";
