import { loadConfig } from '@prizes/platform'
import { describe, expect, it } from 'vitest'
import { companyDetailsOf } from './company-details'

describe('what the site publishes about the company (issue 24)', () => {
  it('names no licence and no complaints body unless configured', () => {
    expect(companyDetailsOf(loadConfig({}))).toMatchObject({
      supportHours: 'Monday to Friday, 9am to 5pm',
      licence: null,
      complaintsBody: null,
    })
  })

  it('takes the licence line, the hours and the complaints body as configured', () => {
    const config = loadConfig({
      SUPPORT_HOURS: 'Monday to Saturday, 8am to 8pm',
      OPERATOR_LICENCE: 'Prize Platform Ltd, registered in England and Wales no. 01234567',
      COMPLAINTS_BODY_NAME: 'The Ombudsman',
      COMPLAINTS_BODY_URL: 'https://ombudsman.example',
    })
    expect(companyDetailsOf(config)).toMatchObject({
      supportHours: 'Monday to Saturday, 8am to 8pm',
      licence: 'Prize Platform Ltd, registered in England and Wales no. 01234567',
      complaintsBody: { name: 'The Ombudsman', url: 'https://ombudsman.example' },
    })
    expect(companyDetailsOf(loadConfig({ COMPLAINTS_BODY_NAME: 'The Ombudsman' })).complaintsBody).toEqual({
      name: 'The Ombudsman',
      url: null,
    })
  })
})
