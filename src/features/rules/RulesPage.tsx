import { Link } from 'react-router';
import { ContactLinks } from '@/components/contact/ContactLinks';
import { EditionFact, EditionYear } from '@/components/edition/EditionFact';
import { usePageMeta } from '@/lib/use-page-meta';
import { RULE_ARTICLES } from './rules-content';
import { Article } from './Article';
import { FinalRulesArticle } from './FinalRulesArticle';
import * as paths from '@/config/route-paths';

const link =
  'inline-flex min-h-11 items-center rounded-lg px-5 py-2.5 font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700';

/**
 * /reglement: the contest's rules, the one the registration form's checkbox accepts. Every figure
 * (age, team size, categories, audition length, cities, prizes) comes from src/config/edition.ts
 * through ./rules-content.ts, so the rules, the FAQ and the form agree; the dates, places and year
 * from the settings (docs/decisions/024-one-edition-one-source.md), on lines that keep their room.
 */
export default function RulesPage() {
  usePageMeta(
    'Règlement',
    'Le règlement du Booster Challenge : conditions de participation, catégories, équipes, auditions, finale et prix.',
  );
  return (
    <main id="contenu" className="mx-auto max-w-3xl px-4 py-10 sm:py-14">
      <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">
        Règlement du Booster Challenge <EditionYear of="challenge" />
      </h1>
      <p className="mt-3 text-gray-700">
        En cochant la case «&nbsp;J’accepte le règlement&nbsp;» du formulaire d’inscription, chaque
        participant accepte les articles ci-dessous.
      </p>
      <div className="mt-8 space-y-4">
        {RULE_ARTICLES.map((article, index) => (
          <Article key={article.title} number={index + 1} title={article.title}>
            {article.paragraphs.map((text) => (
              <p key={text}>{text}</p>
            ))}
            {article.dated && (
              <p className="min-h-12 sm:min-h-6">
                <EditionFact>{article.dated}</EditionFact>
              </p>
            )}
            {article.list && (
              <ul className="list-disc space-y-1 pl-5">
                {article.list.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
            )}
          </Article>
        ))}
        <FinalRulesArticle number={RULE_ARTICLES.length + 1} />
        <Article number={RULE_ARTICLES.length + 2} title="Contact">
          <p>Pour toute question sur ce règlement, l’équipe d’organisation répond&nbsp;:</p>
          <ContactLinks />
        </Article>
      </div>
      <div className="mt-10 flex flex-wrap gap-3">
        <Link
          to={paths.registration}
          className={`${link} bg-blue-700 text-white hover:bg-blue-800`}
        >
          S’inscrire au challenge
        </Link>
        <Link
          to={paths.faq}
          className={`${link} border border-blue-700 text-blue-800 hover:bg-blue-50`}
        >
          Questions fréquentes
        </Link>
      </div>
    </main>
  );
}
