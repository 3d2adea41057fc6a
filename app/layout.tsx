import type { Metadata } from "next";
import localFont from "next/font/local";
import { ThemeProvider } from "@/components/shell/theme-provider";
import { LazyToaster } from "@/components/shell/lazy-toaster";
import "./globals.css";

// Self-hosted from an npm package: the build machine has no route to font CDNs.
const inter = localFont({
  src: "../node_modules/@fontsource-variable/inter/files/inter-latin-wght-normal.woff2",
  variable: "--font-inter",
  weight: "100 900",
  display: "swap",
});

export const metadata: Metadata = {
  title: { default: "Skillshelf", template: "%s · Skillshelf" },
  description: "Your team's Agent Skills: upload, browse, review, edit and try them.",
  // Static files in public/. A team's shelf is private: no indexing (public/robots.txt tells crawlers too).
  icons: {
    icon: [
      { url: "/favicon.ico", sizes: "16x16 32x32 48x48" },
      { url: "/favicon.svg", type: "image/svg+xml" },
    ],
    apple: "/apple-touch-icon.png",
  },
  manifest: "/manifest.webmanifest",
  robots: { index: false, follow: false },
};

export default function RootLayout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en" className={inter.variable} suppressHydrationWarning>
      <body className="min-h-dvh font-sans">
        <ThemeProvider>
          {children}
          <LazyToaster />
        </ThemeProvider>
      </body>
    </html>
  );
}
