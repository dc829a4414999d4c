import { Features, Figures, FindFriends, Footer, Hero, Questions, Team } from './home-sections';
import { NewsletterBox } from './newsletter-box';
import { PublicNavbar } from './public-navbar';

/** The public home page: marketing sections, the newsletter box and the footer. */
export function HomePage() {
  return (
    <div className="min-h-screen bg-slate-950">
      <PublicNavbar />
      <main>
        <Hero />
        <Figures />
        <Features />
        <FindFriends />
        <Team />
        <Questions />
        <section id="contact" className="mx-auto flex max-w-6xl flex-col items-center gap-4 px-4 py-16 text-center">
          <h2 className="text-3xl font-bold">Stay in the loop</h2>
          <p className="text-slate-400">News about Tribeverse, straight to your inbox. Unsubscribe whenever you like.</p>
          <NewsletterBox />
        </section>
      </main>
      <Footer />
    </div>
  );
}
