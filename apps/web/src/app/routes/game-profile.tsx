/** The profile form the game route asks a trainee without a rank or unit to fill in, loaded on demand. */
// It parses with zod: jitless before any parse (contracts' zod-setup.ts).
import '@airman/contracts/zod-setup.ts';
import { ProfileForm } from '#features/account/components/profile-form.tsx';
import '#styles/forms.scss';

export default ProfileForm;
