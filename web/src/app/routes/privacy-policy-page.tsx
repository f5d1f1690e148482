import { ContentPage } from '../../components/content-page'

export function PrivacyPolicyPage() {
  return (
    <ContentPage
      title="Privacy Policy"
      lead="This page explains what personal information we collect, why we need it and the rights you have over it under UK and EU data protection law (UK GDPR and GDPR)."
    >
      <h2>What we collect</h2>
      <ul>
        <li>
          Your name, email address, phone number and postal address, so we can run your entries and contact
          you if you win.
        </li>
        <li>Your date of birth, to confirm you are 18 or over.</li>
        <li>
          Your entries and payments: which competitions you entered, how many entries and what you paid.
        </li>
        <li>Your newsletter choice, if you sign up.</li>
      </ul>
      <h2>Payments</h2>
      <p>
        Card payments are handled by our payment provider. Your card number goes directly to them; we never
        see or store it.
      </p>
      <h2>How we use it</h2>
      <p>
        We use your information to run competitions and draws, to contact winners, to meet our legal and
        regulatory duties (such as age checks and record keeping) and, only if you agree, to send you our
        newsletter. We do not sell your personal information.
      </p>
      <h2>How long we keep it</h2>
      <p>
        We keep entry and payment records for as long as the law requires us to. If you ask us to delete your
        account, we remove your personal details and keep only the anonymous records a draw audit needs.
      </p>
      <h2>Your rights</h2>
      <p>
        You can ask for a copy of your information, ask us to correct or delete it, object to how we use it or
        withdraw consent for marketing at any time. You can also complain to the Information Commissioner's
        Office (ico.org.uk) in the UK or the Data Protection Commission (dataprotection.ie) in Ireland.
      </p>
    </ContentPage>
  )
}
