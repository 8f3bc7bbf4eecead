/** One statically rendered page per element (and the control page that must fail to hydrate). */
import { Fixture } from '../fixture';
import { FIXTURE_TAGS } from '../tags';

export function generateStaticParams() {
  return FIXTURE_TAGS.map((tag) => ({ tag }));
}

export const dynamicParams = false;

export default async function Page({ params }) {
  const { tag } = await params;
  return <Fixture tag={tag} />;
}
