model M
  /* open
end M;
