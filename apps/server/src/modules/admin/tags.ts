/** OpenAPI tag shared by every console route. */
export const adminTags = ['运营后台'];
