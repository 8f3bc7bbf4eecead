/** The root layout: no favicon request (a 404 would be a console error the test counts). */
export const metadata = { title: 'Paykit Next.js fixture', icons: { icon: 'data:,' } };

export default function RootLayout({ children }) {
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  );
}
