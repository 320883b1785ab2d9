import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { BrowserRouter } from 'react-router'
import { authCheckQuery } from '../features/auth/auth-check'
import { Providers, queryClient } from './providers'
import { AppRoutes } from './router'
import './styles.css'

// Spec 01 §4: the auth check runs at startup (it also hands out the XSRF cookie).
void queryClient.prefetchQuery(authCheckQuery)

const root = document.getElementById('root')
if (!root) throw new Error('index.html has no #root')

createRoot(root).render(
  <StrictMode>
    <Providers>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </Providers>
  </StrictMode>,
)
