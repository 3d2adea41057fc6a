"use client";
import { createAuthClient } from "better-auth/react";

// Same origin as the page, so no baseURL: it follows whatever host the app is served from.
export const authClient = createAuthClient();
