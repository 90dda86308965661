//! The JSON bodies the members area answers with. They are wire types of `api-types`
//! (generated for the frontend), named here for the handlers.

pub use api_types::members::{
    AccountNotice, LightSignUpResponse, MemberView, PrivateInfo, ReturnAddress, SignedInResponse,
    SignedOut,
};
