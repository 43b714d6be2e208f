import path from "node:path";

export const E2E_PORT = Number(process.env.E2E_PORT ?? 3310);
export const E2E_DATA_DIR = path.resolve(process.env.E2E_DATA_DIR ?? "tmp/e2e-data");
export const E2E_ADMIN = { email: "admin@qias.test", password: "Admin-e2e-1", name: "مدير النظام" };
