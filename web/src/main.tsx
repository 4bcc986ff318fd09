/** The web app: sign-in, then the view the URL's hash names. */
import { render } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import type { User } from 'oidc-client-ts';
import { defaultSettings, onUserChange, restoreSession, savedSettings, signIn, signOut, type SignInSettings } from './auth.ts';
import { href, useRoute } from './router.ts';
import { ComparisonPage } from './views/ComparisonPage.tsx';
import { HouseholdView } from './views/Household.tsx';
import { Households } from './views/Households.tsx';
import { NewScenario } from './views/NewScenario.tsx';
import { ScenarioPage } from './views/ScenarioPage.tsx';
import './styles.css';

function App() {
  const [user, setUser] = useState<User | null | undefined>(undefined);
  const [error, setError] = useState<string | null>(null);
  const route = useRoute();

  useEffect(() => {
    restoreSession().then(
      ({ user }) => setUser(user),
      (e: Error) => (setError(`Sign-in failed: ${e.message}`), setUser(null)),
    );
    return onUserChange(setUser);
  }, []);

  if (user === undefined) return <p aria-busy="true">Loading…</p>;
  if (user === null) return <SignIn error={error} />;

  return (
    <>
      <header class="top">
        <a href={href.households()} class="brand">
          Household scenarios
        </a>
        <span class="who">
          {String(user.profile.preferred_username ?? user.profile.sub)}
          <button type="button" class="secondary" onClick={() => signOut().then(() => setUser(null))}>
            Sign out
          </button>
        </span>
      </header>
      <main id="main">
        {route.view === 'households' && <Households />}
        {route.view === 'household' && <HouseholdView householdId={route.householdId} />}
        {route.view === 'new-scenario' && <NewScenario householdId={route.householdId} />}
        {route.view === 'scenario' && <ScenarioPage key={route.scenarioId} householdId={route.householdId} scenarioId={route.scenarioId} />}
        {route.view === 'comparison' && <ComparisonPage householdId={route.householdId} comparisonId={route.comparisonId} />}
      </main>
    </>
  );
}

function SignIn({ error: restoreError }: { error: string | null }) {
  const [settings, setSettings] = useState<SignInSettings>(savedSettings);
  const [signInError, setSignInError] = useState<string | null>(null);
  const error = signInError ?? restoreError;
  return (
    <main id="main" class="sign-in">
      <h1>Household scenarios</h1>
      <p>See a household's possible futures: wealth over time, the chance of running out, the goals met.</p>
      {error && (
        <p role="alert" class="field-error">
          {error}
        </p>
      )}
      <form
        onSubmit={(e) => {
          e.preventDefault();
          setSignInError(null);
          // An organisation that does not exist has no login page to go to: say so rather than do nothing.
          signIn(settings, location.hash || '#/').catch(() =>
            setSignInError(`No organisation called “${settings.realm}” answered. Check its name and try again.`),
          );
        }}
      >
        <label for="realm">Organisation (realm)</label>
        <input
          id="realm"
          value={settings.realm}
          autocomplete="organization"
          onInput={(e) => setSettings({ ...settings, realm: (e.currentTarget as HTMLInputElement).value })}
        />
        <details>
          <summary>Advanced</summary>
          <label for="client-id">Client id</label>
          <input
            id="client-id"
            value={settings.clientId}
            placeholder={defaultSettings.clientId}
            onInput={(e) => setSettings({ ...settings, clientId: (e.currentTarget as HTMLInputElement).value })}
          />
        </details>
        <button type="submit">Sign in</button>
      </form>
    </main>
  );
}

render(<App />, document.getElementById('root')!);
