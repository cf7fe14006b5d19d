import { requireAccount } from '../../plugins/auth';

export const requireEmployer = (action: 'post' | 'edit') =>
  requireAccount('employer', {
    signedOut: action === 'post' ? 'You must be logged in to post a job.' : 'You must be logged in to edit a job.',
    wrongRole: action === 'post' ? 'Only employer accounts can post jobs.' : 'Only employer accounts can edit jobs.',
  });
