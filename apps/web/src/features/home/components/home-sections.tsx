import { Link } from 'react-router';
import { BookOpen, Bot, Coins, Flower2, MessageCircle, Palette, Radar, ShoppingBag, TrendingUp, Users } from 'lucide-react';
import { paths } from '../../../config/paths';

const getStarted = 'rounded-lg bg-brand-600 px-5 py-3 font-semibold text-white hover:bg-brand-700';
const learnMore = 'rounded-lg border border-slate-600 px-5 py-3 font-semibold text-slate-100 hover:bg-slate-800';

export function Hero() {
  return (
    <section className="mx-auto flex max-w-6xl flex-col items-center gap-6 px-4 py-20 text-center">
      <p className="rounded-full border border-brand-500/50 bg-brand-600/10 px-4 py-1 text-sm text-brand-400">The social DeFi metaverse</p>
      <h1 className="max-w-3xl text-4xl font-extrabold tracking-tight sm:text-6xl">
        Find your tribe. Chat, build communities and earn as you go.
      </h1>
      <p className="max-w-2xl text-lg text-slate-300">
        Tribeverse is a social, decentralised-finance metaverse: meet friends who share your interests, chat privately or in communities,
        create your own community with paid membership, post to the feed and earn participant tokens for taking part.
      </p>
      <div className="flex gap-3">
        <Link to={paths.auth.register.getHref()} className={getStarted}>
          Get Started
        </Link>
        <a href="#features" className={learnMore}>
          Learn more
        </a>
      </div>
    </section>
  );
}

const figures = [
  { value: '40M+', label: 'people onboard' },
  { value: '32M+', label: 'posting daily' },
  { value: '38M+', label: 'engaging daily' },
  { value: '894k+', label: 'participant tokens rewarded' },
];

export function Figures() {
  return (
    <section aria-label="Tribeverse in numbers" className="border-y border-slate-800 bg-slate-900/60">
      <ul className="mx-auto grid max-w-6xl grid-cols-2 gap-6 px-4 py-10 text-center md:grid-cols-4">
        {figures.map((f) => (
          <li key={f.label} className="flex flex-col">
            <strong className="text-3xl font-extrabold text-brand-400">{f.value}</strong>
            <span className="text-sm text-slate-300">{f.label}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

const features = [
  { icon: MessageCircle, title: 'Chat privately', text: 'Real-time one-to-one conversations with photos and files.' },
  { icon: Users, title: 'Communities', text: 'Join communities around what you love, or create your own with paid membership.' },
  { icon: Radar, title: 'Scan nearby', text: 'Discover communities and friends around you who share your interest tags.' },
  { icon: Coins, title: 'Earn participant tokens', text: 'Posting, chatting and engaging is rewarded with participant tokens.' },
];

export function Features() {
  return (
    <section id="features" className="mx-auto max-w-6xl px-4 py-16">
      <h2 className="text-center text-3xl font-bold">Everything your tribe needs</h2>
      <div className="mt-10 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {features.map((f) => (
          <article key={f.title} className="rounded-2xl border border-slate-800 bg-slate-900 p-5">
            <f.icon className="size-8 text-brand-400" />
            <h3 className="mt-3 font-semibold">{f.title}</h3>
            <p className="mt-1 text-sm text-slate-400">{f.text}</p>
          </article>
        ))}
      </div>
    </section>
  );
}

/** One tile for each of six interest categories of the catalogue. */
const interestTiles = [
  { name: 'creative', Icon: Palette },
  { name: 'tech', Icon: Bot },
  { name: 'business', Icon: TrendingUp },
  { name: 'education', Icon: BookOpen },
  { name: 'wellness', Icon: Flower2 },
  { name: 'marketplace', Icon: ShoppingBag },
];

export function FindFriends() {
  return (
    <section className="mx-auto grid max-w-6xl items-center gap-10 px-4 py-16 md:grid-cols-2">
      <div className="flex flex-col gap-4">
        <h2 className="text-3xl font-bold">Find friends who share your interests</h2>
        <p className="text-slate-300">
          Pick your interest tags and Tribeverse connects you with people and communities near you. Post to the feed, react, comment and
          grow your circle.
        </p>
        <div className="flex gap-3">
          <Link to={paths.auth.register.getHref()} className={getStarted}>
            Get Started
          </Link>
          <button type="button" disabled className={`${learnMore} cursor-not-allowed opacity-50`}>
            Learn more
          </button>
        </div>
      </div>
      <div className="grid grid-cols-3 gap-3" aria-hidden>
        {interestTiles.map(({ name, Icon }) => (
          <div
            key={name}
            className="flex aspect-square items-center justify-center rounded-2xl bg-gradient-to-br from-brand-600/40 to-accent-500/30 text-slate-100"
          >
            <Icon className="size-10" />
          </div>
        ))}
      </div>
    </section>
  );
}

export function Team() {
  return (
    <section className="mx-auto max-w-6xl px-4 py-16 text-center">
      <h2 className="text-3xl font-bold">Our dedicated team</h2>
      <p className="mt-4 text-slate-400">No team members yet.</p>
    </section>
  );
}

const questions = [
  { q: 'Is Tribeverse free?', a: 'Yes. Creating an account, chatting and posting are free; some communities charge a membership.' },
  { q: 'What are participant tokens?', a: 'Rewards for taking part: posting, engaging and building communities.' },
  { q: 'Who can see my profile?', a: 'Members of Tribeverse. You choose what you share in your profile and settings.' },
];

export function Questions() {
  return (
    <section id="faq" className="mx-auto max-w-3xl px-4 py-16">
      <h2 className="text-center text-3xl font-bold">Questions</h2>
      <div className="mt-8 flex flex-col gap-3">
        {questions.map((item) => (
          <details key={item.q} className="rounded-xl border border-slate-800 bg-slate-900 p-4">
            <summary className="cursor-pointer font-semibold">{item.q}</summary>
            <p className="mt-2 text-sm text-slate-400">{item.a}</p>
          </details>
        ))}
      </div>
    </section>
  );
}

export function Footer() {
  return (
    <footer className="border-t border-slate-800 py-8">
      <div className="mx-auto flex max-w-6xl flex-col items-center justify-between gap-4 px-4 text-sm text-slate-400 sm:flex-row">
        <nav aria-label="Footer" className="flex gap-5">
          <a href="#features" className="hover:text-slate-50">
            Learn more
          </a>
          <a href="#contact" className="hover:text-slate-50">
            Contact us
          </a>
          <a href="#faq" className="hover:text-slate-50">
            Questions
          </a>
        </nav>
        <p>© 2025 Tribeverse</p>
      </div>
    </footer>
  );
}
